// The delivery worker against real receivers on loopback: retries on the schedule, Retry-After, 410,
// redirects, and one send per delivery with two workers on one database.
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { alertWebhookPayload } from '../../../../src/api/contract/alert-schemas'
import { eventually } from '../../../shared/test-support/eventually'
import { openStore } from '../../store'
import { addWebhook, deliveryUnderTest, firing, SHORT_SCHEDULE } from '../../test-support/delivery-fixtures'
import { deliveryHarness } from '../../test-support/delivery-harness'
import { testStoreLocation } from '../../test-support/test-store'

const { cleanup, receiver, running } = deliveryHarness(deliveryUnderTest)

describe('webhook deliveries', () => {
  it('sends a firing signed as Standard Webhooks, to every enabled channel once', async () => {
    const hook = await receiver()
    const { store, delivery } = await running()
    const { id, secret } = await addWebhook(store, `${hook.url}/alerts`)
    const off = await addWebhook(store, `${hook.url}/off`)
    await store.alertChannels.update(off.id, { enabled: false })

    expect(await delivery.fanOut(firing('fir_1'))).toBe(1)
    // The same firing again (a second instance, a restart): no second delivery.
    expect(await delivery.fanOut(firing('fir_1'))).toBe(0)
    await eventually(() => expect(hook.received).toHaveLength(1))

    const [request] = hook.received
    if (!request) throw new Error('no request')
    expect(request.path).toBe('/alerts')
    expect(request.headers['content-type']).toBe('application/json')
    const body = new Webhook(secret).verify(request.body, request.headers as Record<string, string>)
    const payload = alertWebhookPayload.parse(body)
    expect(payload).toMatchObject({
      type: 'alert.fired',
      data: { firing: { id: 'fir_1' }, console: 'http://localhost:4173' },
    })
    await eventually(async () => {
      const [row] = (await store.alertDeliveries.page({ after: null, limit: 10 })) ?? []
      expect(row).toMatchObject({
        id: request.headers['webhook-id'],
        channelId: id,
        status: 'delivered',
        attempts: 1,
        responseStatus: 204,
      })
    })
  })

  it('retries a failing receiver on the schedule with the same message id, then marks it failed', async () => {
    const hook = await receiver((_, res) => res.writeHead(500).end(`Internal trouble ${'x'.repeat(1_000)}`))
    const { store, delivery, attemptsAudited } = await running()
    await addWebhook(store, hook.url)
    await delivery.fanOut(firing('fir_2'))

    await eventually(async () =>
      expect((await store.alertDeliveries.page({ after: null, limit: 1 }))[0]?.status).toBe('failed'),
    )
    expect(hook.received).toHaveLength(SHORT_SCHEDULE.length)
    expect(new Set(hook.received.map((r) => r.headers['webhook-id'])).size).toBe(1)
    const [first, second, third] = hook.received.map((r) => r.at)
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(140)
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(290)
    const [row] = await store.alertDeliveries.page({ after: null, limit: 1 })
    expect(row).toMatchObject({ attempts: 3, responseStatus: 500, nextAttemptAt: null })
    expect(row?.responseExcerpt).toHaveLength(200)
    expect(row?.responseExcerpt).toMatch(/^Internal trouble x+$/)
    // The last attempt's audit entry is written just after its row's update: wait for it as for the row.
    await eventually(async () => {
      const audited = await attemptsAudited()
      expect(audited.map((entry) => [entry.outcome, entry.detail.attempt, entry.detail.status])).toEqual([
        [500, 1, 'retrying'],
        [500, 2, 'retrying'],
        [500, 3, 'failed'],
      ])
    })
  })

  it('waits as long as a 429’s Retry-After asks, within the schedule’s longest wait', async () => {
    const hook = await receiver((_, res) =>
      hook.received.length === 1
        ? res.writeHead(429, { 'Retry-After': '1' }).end('slow down')
        : res.writeHead(200).end('ok'),
    )
    const { store, delivery } = await running({ schedule: [0, 50, 5_000] })
    await addWebhook(store, hook.url)
    await delivery.fanOut(firing('fir_3'))

    await eventually(async () => {
      const [row] = await store.alertDeliveries.page({ after: null, limit: 1 })
      expect(row?.status).toBe('retrying')
      expect(row?.responseStatus).toBe(429)
      const wait = (row?.nextAttemptAt ?? 0) - (row?.lastAttemptAt ?? 0)
      expect(wait).toBeGreaterThanOrEqual(1_000)
      expect(wait).toBeLessThan(1_500)
    })
    await eventually(() => expect(hook.received).toHaveLength(2))
    const [first, second] = hook.received.map((r) => r.at)
    // After the Retry-After's second, well before the schedule's 5 s.
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(990)
    expect((second ?? 0) - (first ?? 0)).toBeLessThan(4_000)
  })

  it('turns a channel off when its receiver answers 410 Gone, and says so', async () => {
    const hook = await receiver((_, res) => res.writeHead(410).end('this hook was removed'))
    const { store, delivery } = await running()
    const { id } = await addWebhook(store, hook.url)
    await delivery.fanOut(firing('fir_4'))

    await eventually(async () => expect((await store.alertChannels.find(id))?.enabled).toBe(false))
    const channel = await store.alertChannels.find(id)
    expect(channel?.disabledReason).toMatch(
      /^The receiver answered 410 Gone at \d{4}-\d\d-\d\dT[\d:.]+Z: the console stopped sending to it\.$/,
    )
    const [row] = await store.alertDeliveries.page({ after: null, limit: 1 })
    expect(row).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 410, nextAttemptAt: null })
    // Turned off: the next firing adds nothing for it.
    expect(await delivery.fanOut(firing('fir_5'))).toBe(0)
    // The audit entry is written just after the channel is turned off: wait for it as for the channel.
    await eventually(async () => {
      const disabled = await store.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'alert-channel.disabled')
        .execute()
      expect(disabled).toHaveLength(1)
      expect(disabled[0]?.target).toBe(id)
    })
  })

  it('does not follow a redirect', async () => {
    const elsewhere = await receiver()
    const hook = await receiver((_, res) => res.writeHead(302, { Location: `${elsewhere.url}/internal` }).end())
    const { store, delivery } = await running({ schedule: [0] })
    await addWebhook(store, hook.url)
    await delivery.fanOut(firing('fir_6'))

    await eventually(async () =>
      expect((await store.alertDeliveries.page({ after: null, limit: 1 }))[0]?.status).toBe('failed'),
    )
    const [row] = await store.alertDeliveries.page({ after: null, limit: 1 })
    expect(row?.responseStatus).toBe(302)
    expect(row?.responseExcerpt).toContain('not followed')
    expect(hook.received).toHaveLength(1)
    expect(elsewhere.received).toHaveLength(0)
  })

  it('says in words when nobody answers', async () => {
    const hook = await receiver()
    const url = hook.url
    await hook.close()
    const { store, delivery } = await running({ schedule: [0] })
    await addWebhook(store, url)
    await delivery.fanOut(firing('fir_7'))
    await eventually(async () =>
      expect((await store.alertDeliveries.page({ after: null, limit: 1 }))[0]).toMatchObject({
        status: 'failed',
        responseStatus: null,
        responseExcerpt: 'Connection refused',
      }),
    )
  })

  it('is sent once when two console workers share one database', async () => {
    const hook = await receiver((_, res) => setTimeout(() => res.writeHead(200).end(), 20))
    // One SQLite file, or one PostgreSQL database: the claim is the store's either way.
    const location = await testStoreLocation({ file: true })
    const first = await openStore(location, undefined, { connections: 4 })
    const second = await openStore(location, undefined, { connections: 4 })
    cleanup.push(
      () => first.close(),
      () => second.close(),
    )
    const one = await running({}, first)
    const two = await running({}, second)
    await addWebhook(first, hook.url)
    await addWebhook(first, `${hook.url}/second`)

    // Both instances see every firing, as two consoles evaluating the same rules would.
    const firings = Array.from({ length: 15 }, (_, n) => firing(`fir_many_${n}`))
    await Promise.all(firings.flatMap((f) => [one.delivery.fanOut(f), two.delivery.fanOut(f)]))
    await eventually(async () => {
      const rows = await first.alertDeliveries.page({ after: null, limit: 100 })
      expect(rows.filter((row) => row.status === 'delivered')).toHaveLength(30)
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const ids = hook.received.map((r) => r.headers['webhook-id'])
    expect(ids).toHaveLength(30)
    expect(new Set(ids).size).toBe(30)
    expect((await first.alertDeliveries.page({ after: null, limit: 100 })).every((row) => row.attempts === 1)).toBe(
      true,
    )
  })
})
