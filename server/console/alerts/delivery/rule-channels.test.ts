// Alerts routed per rule (issue 53, item 3), through the console app on a real store: a rule names its channels
// (every channel by default), the names are checked, a firing goes only to them (a real webhook receiver and a
// real SMTP server on loopback), the email says who added the address, and the delivery log filters by rule.
import { afterEach, describe, expect, it } from 'vitest'
import {
  type AlertChannel,
  type AlertRule,
  alertDeliveryList,
  createdAlertChannel,
} from '../../../../src/api/contract/alert-schemas'
import { eventually } from '../../../shared/test-support/eventually'
import { createTestConsole, expectProblem } from '../../test-support/console-app'
import { deliveryUnderTest } from '../../test-support/delivery-fixtures'
import { mailPart, startSmtpSink } from '../../test-support/smtp-sink'
import { openTestStore } from '../../test-support/test-store'
import { startWebhookReceiver } from '../../test-support/webhook-receiver'
import { alertFiringOf } from '../rules/alert-json'

const cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close()
})

const RULES = '/api/console/alerts/rules'
const DAY_MS = 86_400_000

/** A console with a webhook channel (a real receiver) and an email channel (a real SMTP server), added by Meg. */
async function consoleWithChannels() {
  const smtp = await startSmtpSink()
  cleanup.push(smtp.close)
  const hook = await startWebhookReceiver()
  cleanup.push(hook.close)
  const store = await openTestStore()
  const { delivery, audit } = await deliveryUnderTest(
    { smtp: { smtpUrl: smtp.url, from: 'alerts@example.com' } },
    store,
  )
  delivery.start()
  cleanup.push(async () => {
    await delivery.close()
    await store.close()
  })
  const t = await createTestConsole({ store, audit, alertDelivery: delivery })
  await t.addUser('meg@example.com', 'manager')
  const manager = await t.signIn('meg@example.com')
  const add = async (json: unknown) => {
    const res = await t.request('/api/console/alerts/channels', { json, cookie: manager })
    expect(res.status).toBe(201)
    return createdAlertChannel.parse(await res.json()).channel as AlertChannel
  }
  const webhook = await add({ kind: 'webhook', name: 'Ops hook', url: `${hook.url}/alerts`, enabled: true })
  const email = await add({ kind: 'email', name: 'Ops mail', recipients: ['ops@example.com'], enabled: true })
  const rules = async () =>
    ((await (await t.request(RULES, { cookie: manager })).json()) as { rules: AlertRule[] }).rules
  const rule = async (id: string) => (await rules()).find((one) => one.id === id)
  const put = (id: string, json: unknown) => t.request(`${RULES}/${id}`, { method: 'PUT', json, cookie: manager })
  /** The rule fires in the period under way, and the channels take it as the evaluator hands it over. */
  const fire = async (ruleId: string) => {
    const row = await store.alertFirings.fire({
      ruleId,
      kind: 'usage-percent',
      periodStart: Date.now() - DAY_MS,
      periodEnd: Date.now() + 7 * DAY_MS,
      subject: '',
      firedAt: Date.now(),
      message: `Minutes used reached the ${ruleId} share of the commitment.`,
    })
    if (!row) throw new Error('did not fire')
    return delivery.fanOut(alertFiringOf(row))
  }
  return { t, store, manager, smtp, hook, webhook, email, rules, rule, put, fire }
}

describe('alert rules routed per rule', () => {
  it('go to every channel until a rule names some; a change that leaves them out keeps them; audited', async () => {
    const { t, email, rules, rule, put } = await consoleWithChannels()
    expect((await rules()).map((one) => one.channelIds)).toEqual([null, null, null, null])

    const res = await put('rule_usage_90', {
      kind: 'usage-percent',
      percent: 90,
      enabled: true,
      channelIds: [email.id],
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as AlertRule).channelIds).toEqual([email.id])
    // The switch sends no channels: they stay.
    expect((await put('rule_usage_90', { kind: 'usage-percent', percent: 90, enabled: false })).status).toBe(200)
    expect(await rule('rule_usage_90')).toMatchObject({ enabled: false, channelIds: [email.id] })

    const changes = await t.store.db
      .selectFrom('audit_log')
      .select(['target', 'detail'])
      .where('action', '=', 'alert-rule.changed')
      .orderBy('seq')
      .execute()
    expect(changes.map((row) => JSON.parse(row.detail ?? '{}'))).toMatchObject([
      { channels: ['Ops mail'], channelsBefore: 'every channel' },
      { channels: ['Ops mail'], channelsBefore: ['Ops mail'], enabled: false },
    ])

    // Back to every channel.
    await put('rule_usage_90', { kind: 'usage-percent', percent: 90, enabled: true, channelIds: null })
    expect((await rule('rule_usage_90'))?.channelIds).toBeNull()
  })

  it('refuse a channel that does not exist, a malformed id and a channel named twice, naming the field', async () => {
    const { t, manager, email, rule, put } = await consoleWithChannels()
    const refusals: [unknown, RegExp][] = [
      [['chn_nosuchchannel'], /does not exist/],
      [['not a channel'], /Not a channel id/],
      [[email.id, email.id], /named twice/],
    ]
    for (const [channelIds, words] of refusals) {
      const json = { kind: 'usage-percent', percent: 90, enabled: true, channelIds }
      const changed = await expectProblem(await put('rule_usage_90', json), 400)
      expect(JSON.stringify(changed.errors), String(channelIds)).toMatch(words)
      expect(JSON.stringify(changed.errors)).toContain('channelIds')
      const added = { ...json, percent: 95 }
      await expectProblem(await t.request(RULES, { json: added, cookie: manager }), 400)
    }
    expect((await rule('rule_usage_90'))?.channelIds).toBeNull()
  })

  it('deliver a 90% rule named only to email by email alone, say who added the address, and filter the log', async () => {
    const { t, manager, smtp, hook, webhook, email, put, fire } = await consoleWithChannels()
    await put('rule_usage_90', { kind: 'usage-percent', percent: 90, enabled: true, channelIds: [email.id] })

    expect(await fire('rule_usage_90')).toBe(1)
    await eventually(() => expect(smtp.messages).toHaveLength(1))
    const text = mailPart(smtp.messages[0]?.raw ?? '', 'text/plain')
    expect(text).toContain('rule_usage_90')
    expect(text).toContain('because meg@example.com (manager) added this address')
    expect(text).not.toContain('an admin')

    // A rule of every channel reaches both: the receiver was up all along, and only this one reached it.
    expect(await fire('rule_usage_80')).toBe(2)
    await eventually(() => expect(smtp.messages).toHaveLength(2))
    await eventually(() => expect(hook.received).toHaveLength(1))
    expect(hook.received[0]?.body).toContain('rule_usage_80')

    const log = async (query: string) => {
      const res = await t.request(`/api/console/alerts/deliveries${query}`, { cookie: manager })
      expect(res.status).toBe(200)
      return alertDeliveryList.parse(await res.json()).deliveries
    }
    expect((await log('?ruleId=rule_usage_90')).map((d) => [d.channelId, d.ruleId])).toEqual([
      [email.id, 'rule_usage_90'],
    ])
    expect((await log('?ruleId=rule_usage_80')).map((d) => d.channelId).sort()).toEqual([webhook.id, email.id].sort())
    expect(await log('?ruleId=rule_usage_50')).toEqual([])
    expect(await log('')).toHaveLength(3)
    const bad = await expectProblem(
      await t.request('/api/console/alerts/deliveries?ruleId=DROP%20TABLE', { cookie: manager }),
      400,
    )
    expect(JSON.stringify(bad.errors)).toContain('ruleId')
  })

  it('pass over a named channel deleted since: the answer leaves it out and a firing does not wait for it', async () => {
    const { t, manager, hook, webhook, email, rule, put, fire } = await consoleWithChannels()
    await put('rule_usage_90', {
      kind: 'usage-percent',
      percent: 90,
      enabled: true,
      channelIds: [email.id, webhook.id],
    })
    const deleted = await t.request(`/api/console/alerts/channels/${email.id}`, { method: 'DELETE', cookie: manager })
    expect(deleted.status).toBe(204)
    expect((await rule('rule_usage_90'))?.channelIds).toEqual([webhook.id])

    expect(await fire('rule_usage_90')).toBe(1)
    await eventually(() => expect(hook.received).toHaveLength(1))
    // Saved again as it reads, the rule no longer names the deleted channel.
    expect(
      (await put('rule_usage_90', { kind: 'usage-percent', percent: 90, enabled: true, channelIds: [webhook.id] }))
        .status,
    ).toBe(200)
  })
})
