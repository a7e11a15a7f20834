// The demo's sinks, and through them the README's verifying receiver (docs/examples/verify-webhook.mjs),
// against real deliveries from the console's delivery worker.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAlertDelivery } from '../server/console/alerts/delivery/delivery'
import { createAuditLog } from '../server/console/audit/audit-log'
import { webhookHeaders } from '../server/console/delivery/webhook-signature'
import { createLogger } from '../server/console/http/request-log'
import { openStore } from '../server/console/store'
import { DEMO_RECIPIENT, startAlertSinks } from './alert-sinks'

const cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close()
})

describe('the demo alert sinks', () => {
  it('verify real webhook deliveries with the README’s example and print them, and print the emails', async () => {
    const printed: string[] = []
    const sinks = await startAlertSinks({ print: (line) => printed.push(line) })
    cleanup.push(sinks.close)
    const store = await openStore(':memory:')
    const delivery = createAlertDelivery({
      store,
      audit: createAuditLog(store),
      logger: createLogger('off'),
      config: {
        smtp: { smtpUrl: sinks.env.CONSOLE_SMTP_URL, from: sinks.env.CONSOLE_ALERT_EMAIL_FROM },
        allowPrivate: sinks.env.CONSOLE_WEBHOOK_ALLOW_PRIVATE === 'on',
        consoleUrl: 'http://localhost:5173',
      },
    })
    delivery.start()
    cleanup.push(async () => {
      await delivery.close()
      await store.close()
    })
    await sinks.setUpChannels(store)
    // A second start finds them and makes no more.
    await sinks.setUpChannels(store)
    expect((await store.alertChannels.list()).map((channel) => channel.kind).sort()).toEqual(['email', 'webhook'])

    await delivery.fanOut({
      id: 'fir_demo',
      ruleId: 'rule_80',
      kind: 'usage-percent',
      periodStart: '2026-11-01T00:00:00.000Z',
      subject: null,
      firedAt: '2026-11-26T10:00:00.000Z',
      message: 'Minutes used reached 80% of the commitment: 8,012 of 10,000.',
    })
    await vi.waitFor(() => {
      expect(sinks.verified).toHaveLength(1)
      expect(printed.some((line) => line.startsWith(`[email] to ${DEMO_RECIPIENT}`))).toBe(true)
    })
    expect(printed.find((line) => line.startsWith('[webhook]'))).toMatch(
      /^\[webhook\] msg_\S+ signature verified · alert\.fired: Minutes used reached 80%/,
    )
    await vi.waitFor(async () => {
      const rows = await store.alertDeliveries.page({ after: null, limit: 10 })
      expect(rows.map((row) => row.status)).toEqual(['delivered', 'delivered'])
    })

    // Signed with another secret, the example refuses it.
    const body = JSON.stringify({ type: 'alert.test', data: { message: 'forged' } })
    const forged = await fetch(sinks.webhookUrl, {
      method: 'POST',
      headers: webhookHeaders('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_forged', Date.now(), body),
      body,
    })
    expect(forged.status).toBe(400)
    expect(await forged.text()).toBe('No valid signature')
    expect(sinks.verified).toHaveLength(1)
  })
})
