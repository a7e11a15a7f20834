// The channel and log routes through the console app: who may use them, the SSRF guard when a channel is
// saved, the secret shown once, a test through a real receiver, and the log's pages.
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import { alertChannelList, alertDeliveryList, createdAlertChannel } from '../../../../src/api/contract/alert-schemas'
import { eventually } from '../../../shared/test-support/eventually'
import { createTestConsole, expectProblem } from '../../test-support/console-app'
import { deliveryUnderTest } from '../../test-support/delivery-fixtures'
import { openTestStore } from '../../test-support/test-store'
import { startWebhookReceiver } from '../../test-support/webhook-receiver'
import type { AlertDeliveryConfig } from './delivery'

const cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close()
})

async function consoleWith(config: Partial<AlertDeliveryConfig> = {}, worker = true) {
  const store = await openTestStore()
  const { delivery, audit } = await deliveryUnderTest(config, store)
  if (worker) delivery.start()
  const t = await createTestConsole({ store, audit, alertDelivery: delivery })
  cleanup.push(async () => {
    await delivery.close()
    await store.close()
  })
  await t.addUser('root@example.com', 'admin')
  await t.addUser('meg@example.com', 'manager')
  await t.addUser('sam@example.com', 'support')
  const manager = await t.signIn('meg@example.com')
  const create = (json: unknown, cookie = manager) => t.request('/api/console/alerts/channels', { json, cookie })
  return { t, manager, create }
}

const webhook = (url: string) => ({ kind: 'webhook', name: 'Ops hook', url, enabled: true })

describe('alert channel routes', () => {
  it('refuse support on every route with a problem', async () => {
    const { t } = await consoleWith()
    const support = await t.signIn('sam@example.com')
    const calls: [string, string][] = [
      ['GET', '/api/console/alerts/channels'],
      ['POST', '/api/console/alerts/channels'],
      ['PATCH', '/api/console/alerts/channels/chn_x'],
      ['PUT', '/api/console/alerts/channels/chn_x'],
      ['DELETE', '/api/console/alerts/channels/chn_x'],
      ['POST', '/api/console/alerts/channels/chn_x/test'],
      ['GET', '/api/console/alerts/deliveries'],
    ]
    for (const [method, path] of calls) {
      const res = await t.request(path, { method, cookie: support, json: method === 'GET' ? undefined : {} })
      expect((await expectProblem(res, 403)).title, `${method} ${path}`).toBeTruthy()
    }
    expect((await t.request('/api/console/alerts/deliveries')).status).toBe(401)
  })

  it('refuse loopback, private, link-local, unique-local and mapped addresses, and other schemes', async () => {
    const { create } = await consoleWith({ allowPrivate: false })
    const refused = [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://192.168.1.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/hook',
      'http://0.0.0.0/hook',
      'http://[::1]/hook',
      'http://[fd12:3456::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:10.0.0.1]/hook',
      // The IPv4 address written inside other IPv6 forms.
      'http://[::127.0.0.1]/',
      'http://[::7f00:1]/',
      'http://[64:ff9b::169.254.169.254]/',
      'http://[64:ff9b:1::808:808]/',
      'http://[2002:c0a8:10a::1]/',
      'ftp://hooks.example.com/hook',
      'file:///etc/passwd',
      'gopher://127.0.0.1:25/',
      'https://user:pass@hooks.example.com/hook',
      'not a url',
    ]
    for (const url of refused) {
      const problem = (await expectProblem(await create(webhook(url)), 400)) as unknown as {
        errors: { field: string; message: string }[]
        detail: string
      }
      expect(
        problem.errors.map((e) => e.field),
        url,
      ).toEqual(['url'])
      expect(problem.detail, url).toBeTruthy()
    }
    const loopback = (await expectProblem(await create(webhook('http://127.0.0.1/h')), 400)).detail
    expect(loopback).toBe(
      '127.0.0.1 is a loopback address (this machine). Use a public address, or set CONSOLE_WEBHOOK_ALLOW_PRIVATE=on for a receiver on your own network.',
    )
    // A public address is fine (not resolved: it is written as one).
    expect((await create(webhook('https://93.184.215.14/hook'))).status).toBe(201)
  })

  it('allow private receivers with CONSOLE_WEBHOOK_ALLOW_PRIVATE=on, but never another scheme', async () => {
    const { create } = await consoleWith({ allowPrivate: true })
    for (const url of ['http://127.0.0.1:8080/hook', 'http://localhost/hook', 'http://[fd12::1]/', 'http://10.0.0.5/'])
      expect((await create(webhook(url))).status, url).toBe(201)
    expect((await create(webhook('ftp://127.0.0.1/'))).status).toBe(400)
  })

  it('show a webhook’s secret once, test it through a real receiver, and log the delivery', async () => {
    const hook = await startWebhookReceiver()
    cleanup.push(hook.close)
    const { t, manager, create } = await consoleWith()
    const res = await create(webhook(`${hook.url}/voice`))
    expect(res.status).toBe(201)
    const { channel, secret } = createdAlertChannel.parse(await res.json())
    expect(secret).toMatch(/^whsec_/)
    expect(channel).toMatchObject({ kind: 'webhook', url: `${hook.url}/voice`, enabled: true, disabledReason: null })

    const listed = await t.request('/api/console/alerts/channels', { cookie: manager })
    const text = await listed.text()
    expect(alertChannelList.parse(JSON.parse(text))).toMatchObject({
      channels: [{ id: channel.id }],
      emailConfigured: false,
    })
    expect(text).not.toContain(secret)

    const test = await t.request(`/api/console/alerts/channels/${channel.id}/test`, { method: 'POST', cookie: manager })
    expect(test.status).toBe(202)
    const queued = await test.json()
    expect(queued).toMatchObject({ channelId: channel.id, eventType: 'alert.test', firingId: null })
    await eventually(() => expect(hook.received).toHaveLength(1))
    const [request] = hook.received
    expect(request?.headers['webhook-id']).toBe(queued.id)
    const verified = new Webhook(secret ?? '').verify(request?.body ?? '', request?.headers as Record<string, string>)
    expect(verified).toMatchObject({ type: 'alert.test', data: { firing: null } })

    await eventually(async () => {
      const log = alertDeliveryList.parse(
        await (await t.request('/api/console/alerts/deliveries', { cookie: manager })).json(),
      )
      expect(log.deliveries[0]).toMatchObject({
        id: queued.id,
        status: 'delivered',
        responseStatus: 204,
        channelName: 'Ops hook',
      })
    })
    // The attempt's entry is written after the delivery's row says delivered.
    const audit = await eventually(async () => {
      const rows = await t.store.audit.page({}, 100)
      expect(rows.map((row) => row.action)).toEqual(
        expect.arrayContaining(['alert-channel.created', 'alert-channel.tested', 'alert-delivery.attempted']),
      )
      return rows
    })
    expect(JSON.stringify(audit)).not.toContain(secret)
    expect(t.lines.join('\n')).not.toContain(secret)
  })

  it('change, turn off and delete a channel; a 410’s reason clears once it is turned on again', async () => {
    const { t, manager, create } = await consoleWith({ allowPrivate: false })
    const { channel } = createdAlertChannel.parse(await (await create(webhook('https://93.184.215.14/a'))).json())
    const path = `/api/console/alerts/channels/${channel.id}`
    const renamed = await t.request(path, { method: 'PATCH', json: { name: 'Paging' }, cookie: manager })
    expect(await renamed.json()).toMatchObject({ name: 'Paging', url: 'https://93.184.215.14/a' })
    const refused = await t.request(path, { method: 'PATCH', json: { url: 'http://10.0.0.1/' }, cookie: manager })
    expect((await expectProblem(refused, 400)).detail).toContain('private network')
    await t.store.alertChannels.disable(channel.id, 'The receiver answered 410 Gone at …')
    const on = await t.request(path, {
      method: 'PUT',
      json: { ...webhook('https://93.184.215.14/b'), enabled: true },
      cookie: manager,
    })
    expect(await on.json()).toMatchObject({ enabled: true, disabledReason: null, url: 'https://93.184.215.14/b' })
    const kind = await t.request(path, {
      method: 'PUT',
      json: { kind: 'email', name: 'x', recipients: ['a@b.co'], enabled: true },
      cookie: manager,
    })
    expect(kind.status).toBe(400)
    expect((await t.request(path, { method: 'DELETE', cookie: manager })).status).toBe(204)
    expect((await t.request(path, { method: 'DELETE', cookie: manager })).status).toBe(404)
  })

  it('refuse an email channel without SMTP, naming the setting', async () => {
    const { create } = await consoleWith()
    const problem = await expectProblem(
      await create({ kind: 'email', name: 'Ops', recipients: ['ops@example.com'], enabled: true }),
      400,
    )
    expect(problem.detail).toContain('CONSOLE_SMTP_URL')
  })

  it('page the delivery log newest first', async () => {
    // No worker: the tests stay queued, so the log holds exactly them.
    const { t, manager, create } = await consoleWith({ allowPrivate: false }, false)
    const { channel } = createdAlertChannel.parse(await (await create(webhook('https://93.184.215.14/a'))).json())
    const ids: string[] = []
    for (let n = 0; n < 5; n++) {
      const res = await t.request(`/api/console/alerts/channels/${channel.id}/test`, {
        method: 'POST',
        cookie: manager,
      })
      ids.push((await res.json()).id)
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    const seen: string[] = []
    let cursor: string | null = ''
    while (cursor !== null) {
      const query: string = cursor ? `&cursor=${cursor}` : ''
      const page = alertDeliveryList.parse(
        await (await t.request(`/api/console/alerts/deliveries?limit=2${query}`, { cookie: manager })).json(),
      )
      seen.push(...page.deliveries.map((d) => d.id))
      cursor = page.nextCursor
    }
    expect(seen).toEqual(ids.reverse())
    expect((await t.request('/api/console/alerts/deliveries?cursor=bogus', { cookie: manager })).status).toBe(400)
  })
})
