// CONSOLE_AUDIT_HEAD_CHANNEL: a running console sends the audit head through the chosen alert channel to a real
// webhook receiver on loopback, signed as every delivery, at its start and at its shutdown; daily (here every
// 100 ms) through the same delivery; and says so in its log when the setting names no channel.
import { Registry } from 'prom-client'
import { afterAll, describe, expect, it } from 'vitest'
import type { AlertWebhookPayload } from '../../../../src/api/contract/alert-schemas'
import { eventually } from '../../../shared/test-support/eventually'
import { createAuditLog } from '../../audit/audit-log'
import { checkHead, formatHead } from '../../audit/head'
import { anchorAuditHead } from '../../audit/head-anchor'
import { signWebhook } from '../../delivery/webhook-signature'
import { openStore } from '../../store'
import { addWebhook, deliveryUnderTest } from '../../test-support/delivery-fixtures'
import { startTestServer } from '../../test-support/running-console'
import { onPostgres, testStoreLocation } from '../../test-support/test-store'
import { startWebhookReceiver } from '../../test-support/webhook-receiver'
import { alertEmail, auditHeadPayload } from './alert-message'
import { auditHeadToChannel } from './audit-head-channel'

const receiver = await startWebhookReceiver()
afterAll(() => receiver.close())

const received = () =>
  receiver.received
    .map((request) => ({ request, payload: JSON.parse(request.body) as AlertWebhookPayload }))
    .filter(({ payload }) => payload.type === 'audit.head')

const logged = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>)

describe('the audit head through an alert channel', () => {
  it('reaches the chosen channel, signed, at start and at shutdown, and the trail reaches both heads', async () => {
    const location = await testStoreLocation({ file: true })
    const setUp = await openStore(location)
    const channel = await addWebhook(setUp, `${receiver.url}/audit-heads`)
    const { name } = (await setUp.alertChannels.find(channel.id)) ?? { name: '' }
    const first = await createAuditLog(setUp).record({ actor: null, action: 'sign-in.failed', outcome: 401 })
    await setUp.close()
    const skip = receiver.received.length

    const server = await startTestServer({
      ...(onPostgres() ? { CONSOLE_DATABASE_URL: location } : { CONSOLE_DB: location }),
      CONSOLE_AUDIT_HEAD_CHANNEL: name,
      CONSOLE_WEBHOOK_ALLOW_PRIVATE: 'on',
    })
    const atStart = await eventually(() => {
      const [message] = received().filter(({ request }) => receiver.received.indexOf(request) >= skip)
      expect(message).toBeDefined()
      return message as NonNullable<typeof message>
    })
    expect(atStart.request.path).toBe('/audit-heads')
    expect(atStart.payload.data.auditHead).toEqual({
      head: formatHead(first),
      seq: first.seq,
      hash: first.hash,
      noted: 'start',
      instance: server.instanceId,
    })
    expect(atStart.payload.data.message).toContain(`audit verify --head ${formatHead(first)}`)
    const { headers, body } = atStart.request
    const timestamp = Number(headers['webhook-timestamp'])
    expect(headers['webhook-signature']).toBe(
      signWebhook(channel.secret, String(headers['webhook-id']), timestamp, body),
    )

    const audit = createAuditLog(server.store)
    for (let n = 1; n <= 3; n++) await audit.record({ actor: null, action: 'sign-in.failed', outcome: 401 })
    const beforeStop = await server.store.audit.head()
    await server.close()
    const atShutdown = received().find(({ payload }) => payload.data.auditHead?.noted === 'shutdown')
    // Sent before the console's close returned: its delivery worker waits for the send under way.
    expect(atShutdown?.payload.data.auditHead?.seq).toBeGreaterThanOrEqual(beforeStop?.seq ?? Infinity)

    const after = await openStore(location)
    try {
      for (const note of [atStart, atShutdown]) {
        const head = note?.payload.data.auditHead
        expect(await checkHead(after, { seq: head?.seq ?? 0, hash: head?.hash ?? '' })).toMatchObject({ reached: true })
      }
    } finally {
      await after.close()
    }
  }, 60_000)

  it('is sent daily through the delivery (here every 100 ms), by channel id too, from one instance of two', async () => {
    const { store, delivery, lines } = await deliveryUnderTest()
    const channel = await addWebhook(store, `${receiver.url}/daily`)
    const head = await createAuditLog(store).record({ actor: null, action: 'sign-in.failed', outcome: 401 })
    delivery.start()
    // Two instances on one database: the one holding the alert rules' lease sends the daily head.
    const anchorOf = (instance: string, holdsLease: boolean) =>
      anchorAuditHead({
        store,
        logger: {
          info: (entry) => lines.push(JSON.stringify(entry)),
          error: (entry) => lines.push(JSON.stringify(entry)),
        },
        registry: new Registry(),
        sendOut: auditHeadToChannel({
          store,
          delivery,
          chosen: channel.id,
          consoleUrl: 'http://localhost:4173',
          instance,
        }),
        sendEveryMs: 100,
        sendsDaily: () => holdsLease,
      })
    const anchor = anchorOf('one', true)
    const other = anchorOf('two', false)
    try {
      await eventually(() => {
        const daily = received().filter(
          ({ request, payload }) => request.path === '/daily' && payload.data.auditHead?.noted === 'daily',
        )
        expect(daily.length).toBeGreaterThanOrEqual(2)
        return daily
      })
      // The first is the head written here; each send's own audited attempt moves the next one on.
      const daily = received().filter(({ request }) => request.path === '/daily')
      expect(daily[0]?.payload.data.auditHead?.head).toBe(formatHead(head))
      expect(new Set(daily.map(({ payload }) => payload.data.auditHead?.instance))).toEqual(new Set(['one']))
      for (const { payload } of daily) {
        const noted = payload.data.auditHead
        expect(await checkHead(store, { seq: noted?.seq ?? 0, hash: noted?.hash ?? '' })).toMatchObject({
          reached: true,
        })
      }
    } finally {
      await other.close()
      await anchor.close()
      await delivery.close()
      await store.close()
    }
  }, 30_000)

  it('logs, in words, a setting that names no channel, and sends nothing', async () => {
    const { store, delivery, lines } = await deliveryUnderTest()
    await createAuditLog(store).record({ actor: null, action: 'sign-in.failed', outcome: 401 })
    const anchor = anchorAuditHead({
      store,
      logger: {
        info: (entry) => lines.push(JSON.stringify(entry)),
        error: (entry) => lines.push(JSON.stringify(entry)),
      },
      registry: new Registry(),
      sendOut: auditHeadToChannel({ store, delivery, chosen: 'Nobody', consoleUrl: 'http://x', instance: 'one' }),
    })
    await anchor.noted()
    await anchor.close()
    expect(logged(lines)).toContainEqual(
      expect.objectContaining({
        msg: 'could not send the audit head to its alert channel',
        moment: 'start',
        error: expect.stringContaining('CONSOLE_AUDIT_HEAD_CHANNEL names no alert channel (“Nobody”)'),
      }),
    )
    expect(await store.alertDeliveries.nextDueAt()).toBeNull()
    await delivery.close()
    await store.close()
  })

  it('reads as an email with the head in its subject and its words', () => {
    const note = { head: `7:${'a'.repeat(64)}`, seq: 7, hash: 'a'.repeat(64), noted: 'daily' as const, instance: 'one' }
    const mail = alertEmail(auditHeadPayload(note, 'https://console.example.com', 0), ['audit@example.com'], null)
    expect(mail.subject).toBe('Voice Dashboard: audit head 7')
    expect(mail.text).toContain(`Audit head: ${note.head}`)
    expect(mail.text).toContain(`audit verify --head ${note.head}`)
    expect(mail.html).toContain(note.head)
  })
})
