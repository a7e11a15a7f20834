// Email over SMTP for the console (alert channels, invites): nodemailer, the standard SMTP client for
// Node, configured by CONSOLE_SMTP_URL. Its answer is the server's reply code and line, in words.
// Loaded only by a console with SMTP set (about 14 MB of modules): imported as its mailer is made, not at start.
import type { Transporter } from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'

export interface MailSettings {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  smtpUrl: string
  /** The From header: `Voice Dashboard <alerts@example.com>`. */
  from: string
}

export interface MailMessage {
  to: string[]
  subject: string
  text: string
  html: string
  /** Files sent with it (a report's CSV). */
  attachments?: { filename: string; content: string; contentType: string }[]
}

type MailResult =
  | { sent: true; code: number | null; response: string; timeMs: number }
  | { sent: false; code: number | null; error: string; timeMs: number }

export interface Mailer {
  send(message: MailMessage): Promise<MailResult>
  close(): void
}

const TIMEOUT_MS = 10_000

/** The reply code at the start of an SMTP answer ("250 2.0.0 OK queued"). */
const replyCode = (line: string | undefined) => {
  const match = /^(\d{3})\b/.exec(line ?? '')
  return match ? Number(match[1]) : null
}

export function createMailer(settings: MailSettings): Mailer {
  const transport: Promise<Transporter<SMTPTransport.SentMessageInfo>> = import('nodemailer').then(
    ({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: settings.smtpUrl,
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      }),
  )
  return {
    send: async (message) => {
      const started = performance.now()
      const elapsed = () => Math.round(performance.now() - started)
      try {
        const info = await (await transport).sendMail({ from: settings.from, ...message })
        return { sent: true, code: replyCode(info.response), response: info.response, timeMs: elapsed() }
      } catch (error) {
        const failure = error as Error & { responseCode?: number; response?: string; code?: string }
        const words = failure.response ?? (failure.code === 'ECONNREFUSED' ? 'Connection refused' : failure.message)
        return {
          sent: false,
          code: failure.responseCode ?? replyCode(failure.response),
          error: words,
          timeMs: elapsed(),
        }
      }
    },
    close: () => void transport.then((open) => open.close()),
  }
}

/** Text made safe inside HTML. Every value that goes into an email's HTML passes through it. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
