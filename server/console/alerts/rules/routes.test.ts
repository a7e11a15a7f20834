// The rules' routes on a real store: managers and admins only (support gets 403 problem+json on every
// route), input checked with the field named, one rule per kind and percent, every change audited,
// notices per person until dismissed, and every firing listed newest first a page at a time.
import { beforeEach, describe, expect, it } from 'vitest'
import type { AlertFiring, AlertRule } from '../../../../src/api/contract/alert-schemas'
import { ALERT_PATHS } from '../../../../src/api/contract/alert-schemas'
import { CONSOLE_PREFIX } from '../../../../src/api/contract/console-schemas'
import { createTestConsole, expectProblem, type TestConsole } from '../../test-support/console-app'

const path = (route: string, id = '') => `${CONSOLE_PREFIX}${route.replace(':id', id)}`
const DAY_MS = 86_400_000
/** The period under way in these tests: from yesterday to a week ahead. */
const PERIOD = { start: Date.now() - DAY_MS, end: Date.now() + 7 * DAY_MS }

let t: TestConsole
let manager: string
let admin: string
let support: string

beforeEach(async () => {
  t = await createTestConsole()
  await t.addUser('manager@example.com', 'manager')
  await t.addUser('admin@example.com', 'admin')
  await t.addUser('support@example.com', 'support')
  manager = await t.signIn('manager@example.com')
  admin = await t.signIn('admin@example.com')
  support = await t.signIn('support@example.com')
})

const rules = async (cookie = manager) =>
  ((await (await t.request(path(ALERT_PATHS.rules), { cookie })).json()) as { rules: AlertRule[] }).rules

/** A firing as the evaluator writes it, in the period under way. */
async function fire(ruleId: string, firedAt: number, subject = '') {
  const row = await t.store.alertFirings.fire({
    ruleId,
    kind: ruleId.startsWith('rule_usage') ? 'usage-percent' : 'caller-id-answered-less',
    periodStart: PERIOD.start,
    periodEnd: PERIOD.end,
    subject,
    firedAt,
    message: `fired ${ruleId} ${subject}`,
  })
  if (!row) throw new Error('did not fire')
  return row
}

describe('who may use the alert routes', () => {
  it('refuses support on every route with 403 problem+json, and audits the refusal', async () => {
    const firing = await fire('rule_usage_80', Date.now())
    const calls: [string, RequestInit & { json?: unknown }][] = [
      [path(ALERT_PATHS.rules), {}],
      [path(ALERT_PATHS.rules), { json: { kind: 'usage-percent', percent: 70, enabled: true } }],
      [
        path(ALERT_PATHS.rule, 'rule_usage_80'),
        { method: 'PUT', json: { kind: 'usage-percent', percent: 70, enabled: true } },
      ],
      [path(ALERT_PATHS.rule, 'rule_usage_80'), { method: 'DELETE' }],
      [path(ALERT_PATHS.notices), {}],
      [path(ALERT_PATHS.dismiss, firing.id), { method: 'POST' }],
      [path(ALERT_PATHS.firings), {}],
    ]
    for (const [url, init] of calls) {
      const problem = await expectProblem(await t.request(url, { ...init, cookie: support }), 403)
      expect(problem.title).toBe('Not available for your role')
      await expectProblem(await t.request(url, init), 401)
    }
    const refused = await t.store.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'request.forbidden')
      .execute()
    expect(refused.map((row) => row.target)).toContain(`DELETE ${CONSOLE_PREFIX}${ALERT_PATHS.rule}`)
    // Nothing changed.
    expect((await rules()).map((rule) => rule.percent)).toEqual([50, 80, 90, 100])
  })

  it('lets managers and admins read the rules, the seeded defaults first', async () => {
    for (const cookie of [manager, admin]) {
      const list = await rules(cookie)
      expect(list).toMatchObject(
        [50, 80, 90, 100].map((percent) => ({ kind: 'usage-percent', percent, enabled: true })),
      )
      expect(list[1]).toMatchObject({
        id: 'rule_usage_80',
        description: 'Minutes used reach 80% of the commitment',
        updatedBy: null,
        firedThisPeriod: false,
      })
    }
  })
})

describe('changing rules', () => {
  it('adds, changes and deletes rules, each audited with the person', async () => {
    const created = await t.request(path(ALERT_PATHS.rules), {
      cookie: manager,
      json: { kind: 'projected-over', enabled: true },
    })
    expect(created.status).toBe(201)
    const rule = (await created.json()) as AlertRule
    expect(rule).toMatchObject({
      kind: 'projected-over',
      percent: null,
      enabled: true,
      updatedBy: 'manager@example.com',
    })

    const changed = await t.request(path(ALERT_PATHS.rule, 'rule_usage_80'), {
      method: 'PUT',
      cookie: admin,
      json: { kind: 'usage-percent', percent: 75, enabled: false },
    })
    expect(changed.status).toBe(200)
    expect(await changed.json()).toMatchObject({
      id: 'rule_usage_80',
      percent: 75,
      enabled: false,
      updatedBy: 'admin@example.com',
    })

    expect((await t.request(path(ALERT_PATHS.rule, rule.id), { method: 'DELETE', cookie: manager })).status).toBe(204)
    await expectProblem(await t.request(path(ALERT_PATHS.rule, rule.id), { method: 'DELETE', cookie: manager }), 404)
    expect((await rules()).map((r) => [r.kind, r.percent])).toEqual([
      ['usage-percent', 50],
      ['usage-percent', 75],
      ['usage-percent', 90],
      ['usage-percent', 100],
    ])

    const entries = await t.store.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'target', 'detail'])
      .where('action', 'in', ['alert-rule.created', 'alert-rule.changed', 'alert-rule.deleted'])
      .orderBy('seq')
      .execute()
    expect(entries.map((e) => [e.action, e.actor_email, e.target])).toEqual([
      ['alert-rule.created', 'manager@example.com', rule.id],
      ['alert-rule.changed', 'admin@example.com', 'rule_usage_80'],
      ['alert-rule.deleted', 'manager@example.com', rule.id],
    ])
    expect(JSON.parse(entries[1]?.detail ?? '{}')).toMatchObject({
      before: 'Minutes used reach 80% of the commitment',
      rule: 'Minutes used reach 75% of the commitment',
      enabled: false,
    })
  })

  it('answers 400 naming the field for bad input, never a 5xx', async () => {
    const bad: [unknown, string][] = [
      [{ kind: 'usage-percent', enabled: true }, 'percent'],
      [{ kind: 'usage-percent', percent: null, enabled: true }, 'percent'],
      [{ kind: 'projected-over', percent: 80, enabled: true }, 'percent'],
      [{ kind: 'usage-percent', percent: 0, enabled: true }, 'percent'],
      [{ kind: 'usage-percent', percent: 1001, enabled: true }, 'percent'],
      [{ kind: 'usage-percent', percent: 12.5, enabled: true }, 'percent'],
      [{ kind: 'minutes-gone', enabled: true }, 'kind'],
      [{ kind: 'usage-percent', percent: 70 }, 'enabled'],
      ['not an object', 'body'],
    ]
    for (const [json, field] of bad)
      for (const [url, method] of [
        [path(ALERT_PATHS.rules), 'POST'],
        [path(ALERT_PATHS.rule, 'rule_usage_50'), 'PUT'],
      ] as const) {
        const res = await t.request(url, { method, cookie: manager, json })
        const problem = (await expectProblem(res, 400)) as unknown as { errors: { field: string }[] }
        expect(problem.errors.map((e) => e.field)).toContain(field)
      }
    const notJson = await t.request(path(ALERT_PATHS.rules), {
      method: 'POST',
      cookie: manager,
      body: '{"kind":',
      headers: { 'content-type': 'application/json' },
    })
    await expectProblem(notJson, 400)
    await expectProblem(await t.request(`${path(ALERT_PATHS.firings)}?limit=0`, { cookie: manager }), 400)
    await expectProblem(await t.request(`${path(ALERT_PATHS.firings)}?cursor=x`, { cookie: manager }), 400)
    await expectProblem(
      await t.request(path(ALERT_PATHS.rule, 'nope'), {
        method: 'PUT',
        cookie: manager,
        json: { kind: 'usage-percent', percent: 70, enabled: true },
      }),
      404,
    )
    expect((await rules()).map((rule) => rule.percent)).toEqual([50, 80, 90, 100])
  })

  it('keeps one rule per kind and percent: 409 on a second', async () => {
    const again = await t.request(path(ALERT_PATHS.rules), {
      cookie: manager,
      json: { kind: 'usage-percent', percent: 80, enabled: false },
    })
    expect((await expectProblem(again, 409)).detail).toContain('Minutes used reach 80% of the commitment')
    const onto = await t.request(path(ALERT_PATHS.rule, 'rule_usage_50'), {
      method: 'PUT',
      cookie: manager,
      json: { kind: 'usage-percent', percent: 90, enabled: true },
    })
    await expectProblem(onto, 409)
    for (const kind of ['projected-over', 'caller-id-answered-less']) {
      expect(
        (await t.request(path(ALERT_PATHS.rules), { cookie: manager, json: { kind, enabled: true } })).status,
      ).toBe(201)
      await expectProblem(
        await t.request(path(ALERT_PATHS.rules), { cookie: admin, json: { kind, enabled: false } }),
        409,
      )
    }
  })
})

describe('notices and firings', () => {
  it('shows the period’s firings until each person dismisses them, and says which rules fired', async () => {
    const now = Date.now()
    const a = await fire('rule_usage_50', now - 2_000)
    const b = await fire('rule_usage_80', now - 1_000)
    // A past period's firing is history, not a notice.
    await t.store.alertFirings.fire({
      ruleId: 'rule_usage_90',
      kind: 'usage-percent',
      periodStart: now - 40 * DAY_MS,
      periodEnd: now - 10 * DAY_MS,
      subject: '',
      firedAt: now - 11 * DAY_MS,
      message: 'last month',
    })
    const notices = async (cookie: string) =>
      (
        (await (await t.request(path(ALERT_PATHS.notices), { cookie })).json()) as { notices: AlertFiring[] }
      ).notices.map((n) => n.id)
    expect(await notices(manager)).toEqual([b.id, a.id])
    expect(await notices(admin)).toEqual([b.id, a.id])

    expect((await t.request(path(ALERT_PATHS.dismiss, b.id), { method: 'POST', cookie: manager })).status).toBe(204)
    // Twice is the same as once.
    expect((await t.request(path(ALERT_PATHS.dismiss, b.id), { method: 'POST', cookie: manager })).status).toBe(204)
    expect(await notices(manager)).toEqual([a.id])
    expect(await notices(admin)).toEqual([b.id, a.id])
    await expectProblem(
      await t.request(path(ALERT_PATHS.dismiss, 'firing_unknown'), { method: 'POST', cookie: manager }),
      404,
    )
    await expectProblem(await t.request(path(ALERT_PATHS.dismiss, 'x'), { method: 'POST', cookie: manager }), 404)

    const fired = (await rules()).filter((rule) => rule.firedThisPeriod).map((rule) => rule.id)
    expect(fired).toEqual(['rule_usage_50', 'rule_usage_80'])
  })

  it('lists every firing newest first, a page at a time, caller IDs as subjects', async () => {
    const start = Date.now() - 100_000
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push((await fire('rule_callers', start + i * 1_000, `+1415555010${i}`)).id)
    // Two at the same instant: the cursor keeps both in order.
    ids.push((await fire('rule_callers', start + 4_000, '+14155550199')).id)
    const expected = await t.store.db
      .selectFrom('alert_firings')
      .select('id')
      .orderBy('fired_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
    const seen: AlertFiring[] = []
    let cursor: string | null = null
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2'
      const page = (await (await t.request(`${path(ALERT_PATHS.firings)}${query}`, { cookie: admin })).json()) as {
        firings: AlertFiring[]
        nextCursor: string | null
      }
      expect(page.firings.length).toBeLessThanOrEqual(2)
      seen.push(...page.firings)
      cursor = page.nextCursor
    } while (cursor)
    expect(seen.map((f) => f.id)).toEqual(expected.map((row) => row.id))
    expect(new Set(seen.map((f) => f.id))).toEqual(new Set(ids))
    expect(seen[0]).toMatchObject({ kind: 'caller-id-answered-less', ruleId: 'rule_callers' })
    expect(seen.map((f) => f.subject)).toContain('+14155550199')
  })

  it('fires a rule once per period and subject in the store, however many writers race', async () => {
    const at = Date.now()
    const attempts = await Promise.all(Array.from({ length: 10 }, () => fire('rule_usage_80', at).catch(() => null)))
    expect(attempts.filter((row) => row !== null)).toHaveLength(1)
    // Another caller ID of the same rule and period is its own firing.
    await fire('rule_callers', at, '+14155550100')
    expect(await fire('rule_callers', at, '+14155550101')).toMatchObject({ subject: '+14155550101' })
    await expect(fire('rule_callers', at, '+14155550100')).rejects.toThrow('did not fire')
  })
})
