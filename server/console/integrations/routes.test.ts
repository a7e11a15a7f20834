// The integration routes through the console app: admins only (managers and support refused with a problem),
// the SSRF guard when a destination is saved, the secret shown once, a test through a real receiver, the
// delivery log's pages, and every change audited without the secret.
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createdIntegration,
  integrationDeliveryList,
  integrationList,
} from '../../../src/api/contract/integration-schemas'
import { eventually } from '../../shared/test-support/eventually'
import { createTestConsole, expectProblem } from '../test-support/console-app'
import { integrationsUnderTest } from '../test-support/integration-fixtures'
import { openTestStore } from '../test-support/test-store'
import { startWebhookReceiver } from '../test-support/webhook-receiver'

const cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close()
})

async function consoleWith(options: { allowPrivate?: boolean; worker?: boolean } = {}) {
  const store = await openTestStore()
  const { delivery } = await integrationsUnderTest({ allowPrivate: options.allowPrivate ?? true }, store)
  if (options.worker !== false) delivery.start()
  const t = await createTestConsole({ store, integrationDelivery: delivery })
  cleanup.push(async () => {
    await delivery.close()
    await store.close()
  })
  await t.addUser('root@example.com', 'admin')
  await t.addUser('meg@example.com', 'manager')
  await t.addUser('sam@example.com', 'support')
  const admin = await t.signIn('root@example.com')
  const create = (json: unknown, cookie = admin) => t.request('/api/console/integrations', { json, cookie })
  return { t, admin, create }
}

const destination = (url: string, events = ['call.ended', 'call.outcome_saved']) => ({
  name: 'CRM',
  url,
  events,
  enabled: true,
})

describe('integration routes', () => {
  it('refuse managers and support on every route with a problem, and anyone signed out with 401', async () => {
    const { t } = await consoleWith()
    const calls: [string, string][] = [
      ['GET', '/api/console/integrations'],
      ['POST', '/api/console/integrations'],
      ['PATCH', '/api/console/integrations/int_x'],
      ['PUT', '/api/console/integrations/int_x'],
      ['DELETE', '/api/console/integrations/int_x'],
      ['POST', '/api/console/integrations/int_x/test'],
      ['GET', '/api/console/integrations/deliveries'],
    ]
    for (const email of ['meg@example.com', 'sam@example.com']) {
      const cookie = await t.signIn(email)
      for (const [method, path] of calls) {
        const res = await t.request(path, { method, cookie, json: method === 'GET' ? undefined : {} })
        expect((await expectProblem(res, 403)).title, `${email} ${method} ${path}`).toBeTruthy()
      }
    }
    expect((await t.request('/api/console/integrations')).status).toBe(401)
  })

  it('refuse bad input with a problem naming the field, never a 5xx', async () => {
    const { create } = await consoleWith({ allowPrivate: false })
    const loopback = await expectProblem(await create(destination('http://127.0.0.1:8080/hook')), 400)
    expect(loopback.detail).toContain('CONSOLE_WEBHOOK_ALLOW_PRIVATE')
    const noEvents = (await expectProblem(
      await create(destination('https://93.184.215.14/h', [])),
      400,
    )) as unknown as {
      errors: { field: string }[]
    }
    expect(noEvents.errors.map((e) => e.field)).toContain('events')
    expect((await create(destination('https://93.184.215.14/h', ['call.exploded']))).status).toBe(400)
    expect((await create({ name: '', url: 'not a url', events: ['call.ended'], enabled: true })).status).toBe(400)
    expect((await create('not json at all')).status).toBe(400)
    expect((await create(destination('https://93.184.215.14/h'))).status).toBe(201)
  })

  it('show the secret once, send a test event to a real receiver, and log and audit it without the secret', async () => {
    const hook = await startWebhookReceiver()
    cleanup.push(hook.close)
    const { t, admin, create } = await consoleWith()
    const res = await create(destination(`${hook.url}/crm`))
    expect(res.status).toBe(201)
    const { integration, secret } = createdIntegration.parse(await res.json())
    expect(secret).toMatch(/^whsec_/)
    expect(integration).toMatchObject({ url: `${hook.url}/crm`, events: ['call.ended', 'call.outcome_saved'] })

    const listed = await (await t.request('/api/console/integrations', { cookie: admin })).text()
    expect(integrationList.parse(JSON.parse(listed)).integrations.map((i) => i.id)).toEqual([integration.id])
    expect(listed).not.toContain(secret)

    const test = await t.request(`/api/console/integrations/${integration.id}/test`, { method: 'POST', cookie: admin })
    expect(test.status).toBe(202)
    const queued = await test.json()
    expect(queued).toMatchObject({ integrationId: integration.id, eventType: 'integration.test', callId: null })
    await eventually(() => expect(hook.received).toHaveLength(1))
    const [request] = hook.received
    expect(request?.headers['webhook-id']).toBe(queued.id)
    expect(request?.headers['user-agent']).toBe('VoiceDashboard-Console (integrations)')
    const verified = new Webhook(secret).verify(request?.body ?? '', request?.headers as Record<string, string>)
    expect(verified).toMatchObject({ type: 'integration.test', data: { call_id: null } })

    await eventually(async () => {
      const log = integrationDeliveryList.parse(
        await (await t.request('/api/console/integrations/deliveries', { cookie: admin })).json(),
      )
      expect(log.deliveries[0]).toMatchObject({ id: queued.id, status: 'delivered', integrationName: 'CRM' })
    })
    const audit = await eventually(async () => {
      const rows = await t.store.audit.page({}, 100)
      expect(rows.map((row) => row.action)).toEqual(
        expect.arrayContaining(['integration.created', 'integration.tested', 'integration-delivery.attempted']),
      )
      return rows
    })
    expect(JSON.stringify(audit)).not.toContain(secret)
    expect(t.lines.join('\n')).not.toContain(secret)
  })

  it('change the events, turn off and delete a destination, each audited', async () => {
    const { t, admin, create } = await consoleWith({ allowPrivate: false })
    const { integration } = createdIntegration.parse(
      await (await create(destination('https://93.184.215.14/a'))).json(),
    )
    const path = `/api/console/integrations/${integration.id}`
    const changed = await t.request(path, {
      method: 'PATCH',
      json: { events: ['call.note_saved'], enabled: false },
      cookie: admin,
    })
    expect(await changed.json()).toMatchObject({ events: ['call.note_saved'], enabled: false })
    const refused = await t.request(path, { method: 'PATCH', json: { url: 'http://10.0.0.1/' }, cookie: admin })
    expect((await expectProblem(refused, 400)).detail).toContain('private network')
    expect((await t.request(path, { method: 'DELETE', cookie: admin })).status).toBe(204)
    expect((await expectProblem(await t.request(path, { method: 'DELETE', cookie: admin }), 404)).title).toBe(
      'No such integration',
    )
    const actions = (await t.store.audit.page({}, 100)).map((row) => row.action)
    expect(actions).toEqual(expect.arrayContaining(['integration.changed', 'integration.deleted']))
  })

  it('page the delivery log newest first', async () => {
    // No worker: the tests stay queued, so the log holds exactly them.
    const { t, admin, create } = await consoleWith({ allowPrivate: false, worker: false })
    const { integration } = createdIntegration.parse(
      await (await create(destination('https://93.184.215.14/a'))).json(),
    )
    const ids: string[] = []
    for (let n = 0; n < 5; n++) {
      const res = await t.request(`/api/console/integrations/${integration.id}/test`, { method: 'POST', cookie: admin })
      ids.push((await res.json()).id)
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    const seen: string[] = []
    let cursor: string | null = ''
    while (cursor !== null) {
      const query: string = cursor ? `&cursor=${cursor}` : ''
      const page = integrationDeliveryList.parse(
        await (await t.request(`/api/console/integrations/deliveries?limit=2${query}`, { cookie: admin })).json(),
      )
      seen.push(...page.deliveries.map((d) => d.id))
      cursor = page.nextCursor
    }
    expect(seen).toEqual(ids.reverse())
    expect((await t.request('/api/console/integrations/deliveries?cursor=bogus', { cookie: admin })).status).toBe(400)
  })
})
