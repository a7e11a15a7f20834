// `npm run start -- --alert-sinks`: a webhook receiver and an SMTP sink on loopback that print what the
// console's alert channels deliver. The receiver verifies each signature with the README's example
// (docs/examples/verify-webhook.mjs), so the demo shows the scheme working end to end.
import { verifyWebhook } from '../docs/examples/verify-webhook.mjs'
import { newWebhookSecret } from '../server/console/delivery/webhook-signature'
import type { ConsoleStore } from '../server/console/store'
import { mailPart, startSmtpSink } from '../server/console/test-support/smtp-sink'
import { startWebhookReceiver } from '../server/console/test-support/webhook-receiver'

const DEMO_WEBHOOK_NAME = 'Demo webhook receiver'
const DEMO_MAILBOX_NAME = 'Demo mailbox'
export const DEMO_RECIPIENT = 'ops@acme.example'

export async function startAlertSinks(
  options: { webhookPort?: number; smtpPort?: number; print?: (line: string) => void } = {},
) {
  const print = options.print ?? ((line: string) => console.log(line))
  // Known once the demo channel is set up: a new one's, or the one already in the store.
  let secret = ''
  const verified: unknown[] = []
  const receiver = await startWebhookReceiver((request, res) => {
    try {
      const event = verifyWebhook(secret, request.headers, request.body) as { type: string; data: { message: string } }
      verified.push(event)
      print(`[webhook] ${request.headers['webhook-id']} signature verified · ${event.type}: ${event.data.message}`)
      res.writeHead(204).end()
    } catch (error) {
      print(`[webhook] refused: ${(error as Error).message}`)
      res.writeHead(400).end((error as Error).message)
    }
  }, options.webhookPort ?? 0)
  const smtp = await startSmtpSink({
    port: options.smtpPort ?? 0,
    onMail: (mail) => {
      // A long header is folded over lines; unfolded, it reads as one.
      const subject = /^Subject: (.*)$/m.exec(mail.raw.replace(/\r\n[ \t]+/g, ' '))?.[1] ?? '(no subject)'
      print(`[email] to ${mail.to.join(', ')} · ${subject}\n${mailPart(mail.raw, 'text/plain')}`)
    },
  })
  const webhookUrl = `${receiver.url}/voice-alerts`

  return {
    /** What the console is started with: email through the sink, and the loopback receiver allowed. */
    env: {
      CONSOLE_SMTP_URL: smtp.url,
      CONSOLE_ALERT_EMAIL_FROM: 'Voice Dashboard demo <alerts@acme.example>',
      CONSOLE_WEBHOOK_ALLOW_PRIVATE: 'on',
    },
    webhookUrl,
    smtpPort: smtp.port,
    verified,
    /** The demo's two channels, made once and pointed at this run's sinks. */
    async setUpChannels(store: ConsoleStore) {
      const channels = await store.alertChannels.list()
      const hook = channels.find((channel) => channel.kind === 'webhook' && channel.name === DEMO_WEBHOOK_NAME)
      if (hook) {
        secret = (await store.alertChannels.sendable(hook.id))?.secret ?? ''
        await store.alertChannels.update(hook.id, { url: webhookUrl, enabled: true })
      } else {
        secret = newWebhookSecret()
        await store.alertChannels.create({
          id: 'chn_demo_webhook',
          kind: 'webhook',
          name: DEMO_WEBHOOK_NAME,
          url: webhookUrl,
          recipients: null,
          secret,
          enabled: true,
          createdAt: Date.now(),
        })
      }
      if (!channels.some((channel) => channel.kind === 'email' && channel.name === DEMO_MAILBOX_NAME))
        await store.alertChannels.create({
          id: 'chn_demo_mailbox',
          kind: 'email',
          name: DEMO_MAILBOX_NAME,
          url: null,
          recipients: [DEMO_RECIPIENT],
          secret: null,
          enabled: true,
          createdAt: Date.now(),
        })
    },
    notice: () =>
      `  Alert sinks: webhooks to ${webhookUrl} (signatures verified), email to an SMTP sink on 127.0.0.1:${smtp.port}; both print here.\n`,
    close: async () => {
      await receiver.close()
      await smtp.close()
    },
  }
}

export type AlertSinks = Awaited<ReturnType<typeof startAlertSinks>>
