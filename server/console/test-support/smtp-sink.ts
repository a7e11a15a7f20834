// A real SMTP server on loopback (the smtp-server package) that keeps every message it accepts.
// Also the demo's sink (`npm run start -- --alert-sinks`).
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface SunkMail {
  from: string
  to: string[]
  /** The whole message as sent (headers and MIME parts). */
  raw: string
}

export async function startSmtpSink(options: { port?: number; onMail?: (mail: SunkMail) => void } = {}) {
  const messages: SunkMail[] = []
  const server = new SMTPServer({
    // Loopback only, for tests and the demo: no TLS, any user name and password.
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'sink' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        messages.push(mail)
        options.onMail?.(mail)
        callback()
      })
    },
    logger: false,
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    /** What CONSOLE_SMTP_URL would say. */
    url: `smtp://sink:sink@127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>
