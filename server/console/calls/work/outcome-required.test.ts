// CONSOLE_REQUIRE_OUTCOME, against a voice service we did not write (the quirks upstream): a person's next call is
// refused with problem+json naming the call that needs an outcome (audited), and goes through once it has one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OUTCOME_REQUIRED } from '../../../../src/api/contract/call-work-schemas'
import { createTestConsole, expectProblem, type TestConsole } from '../../test-support/console-app'
import { type QuirksUpstream, startQuirksUpstream } from '../../test-support/quirks-upstream'

let upstream: QuirksUpstream
let t: TestConsole
let sam: string
let kim: string

beforeAll(async () => {
  upstream = await startQuirksUpstream()
  t = await createTestConsole({ upstream: upstream.url, liveHub: null, requireOutcome: true })
  await t.addUser('sam@example.com', 'support')
  await t.addUser('kim@example.com', 'support')
  sam = await t.signIn('sam@example.com')
  kim = await t.signIn('kim@example.com')
})
afterAll(async () => {
  await t?.store.close()
  await upstream?.close()
})

const place = (cookie: string, key: string) =>
  t.request('/api/v1/voice/calls', {
    cookie,
    headers: { 'idempotency-key': key },
    json: { caller_id: '+14155550100', destination: '+442071838750' },
  })

describe('an outcome required before the next call', () => {
  it('refuses the same person’s next call until the previous one has an outcome', async () => {
    const first = await place(sam, 'required-1')
    expect(first.ok).toBe(true)
    const { call_id } = (await first.json()) as { call_id: string }

    const refused = await place(sam, 'required-2')
    const problem = (await expectProblem(refused, 409)) as unknown as Record<string, string>
    expect(problem).toMatchObject({ type: OUTCOME_REQUIRED, call_id, link: `/calls/${call_id}` })
    expect(problem.detail).toContain(call_id)
    // Nothing was forwarded: no placement entry in the trail for the refused one.
    const forwarded = await t.store.db
      .selectFrom('audit_log')
      .select('seq')
      .where('action', '=', 'call.placement-forwarded')
      .execute()
    expect(forwarded).toHaveLength(1)
    // The refusal is in the trail, by whom and for which call.
    const refusals = await t.store.audit.page({ action: 'call.outcome-required-refused' }, 10)
    expect(refusals).toHaveLength(1)
    expect(refusals[0]).toMatchObject({ actor_email: 'sam@example.com', target: call_id, outcome: 409 })

    // Another person is not held up by Sam's call.
    expect((await place(kim, 'required-kim')).ok).toBe(true)

    const recorded = await t.request(`/api/console/calls/${call_id}/outcome`, {
      cookie: sam,
      method: 'PUT',
      json: { outcome: 'no-answer' },
    })
    expect(recorded.status).toBe(200)
    expect((await place(sam, 'required-3')).ok).toBe(true)
  })
})
