// Calling hours enforced in the console's proxy, in front of the real simulator, at instants the test chooses:
// outside the callee's window nothing reaches the service, the person reads why, and the trail says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditAction } from '../../../src/api/contract/audit-schemas'
import { CALLING_HOURS } from '../../../src/api/contract/calling-hours-schemas'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'
import {
  ACME_KEY,
  type SimulatorProcess,
  startSimulatorProcess,
  upstreamCounts,
} from '../test-support/simulator-process'
import { findSamples } from '../test-support/voice-samples'
import { parseCallingWindow } from './calling-window'

// 22:14 in Denver (UTC-6 in July); 05:14 in London.
const clock = fakeClock(Date.parse('2026-07-15T04:14:00Z'))
const DENVER = '+13035550100'
const TOLL_FREE = '+18005550100'

let sim: SimulatorProcess
let t: TestConsole
let callerId: string

beforeAll(async () => {
  sim = await startSimulatorProcess()
  t = await createTestConsole({
    upstream: sim.url,
    apiKey: ACME_KEY,
    now: clock.now,
    callingHours: { window: parseCallingWindow('08:00-21:00'), byCountry: new Map() },
  })
  await t.addUser('sam@example.com', 'support')
  ;({ callerId } = await findSamples(sim))
})
afterAll(async () => {
  await t?.store.close()
  await sim?.stop()
})

const place = async (destination: string, key: string) =>
  t.request('/api/v1/voice/calls', {
    cookie: await t.signIn('sam@example.com'),
    headers: { 'idempotency-key': key },
    json: { caller_id: callerId, destination },
  })

const entries = (action: AuditAction) =>
  t.store.db
    .selectFrom('audit_log')
    .select(['target', 'outcome', 'detail'])
    .where('action', '=', action)
    .execute()
    // As people read them: the numbers are kept beside the hashed entries (issue 52).
    .then(t.store.auditPersonal.reveal)

describe('a placement outside the callee’s calling hours', () => {
  it('is refused with 403 in words, nothing reaches the service, and the trail records it', async () => {
    const before = await upstreamCounts(sim)
    const refused = await place(DENVER, 'hours-denver-night')
    const problem = (await expectProblem(refused, 403)) as unknown as Record<string, unknown>
    expect(problem).toMatchObject({
      type: CALLING_HOURS,
      title: 'Outside the callee’s calling hours',
      detail:
        'It is 22:14 for the callee (America/Denver); calls are allowed 08:00–21:00. Calls to this number open in 9 h 46 min. Nothing was called.',
      zones: ['America/Denver'],
      local_times: ['22:14'],
      opens_at: '2026-07-15T14:00:00.000Z',
    })
    expect(await upstreamCounts(sim)).toEqual(before)
    expect(await entries('call.placement-forwarded')).toHaveLength(0)
    const [entry] = await entries('call.outside-calling-hours')
    expect(entry).toMatchObject({ target: DENVER, outcome: 403 })
  })

  it('lets a number that does not tell its zone through (a toll-free number), as documented', async () => {
    const before = await upstreamCounts(sim)
    const placed = await place(TOLL_FREE, 'hours-toll-free')
    expect(placed.status, await placed.clone().text()).toBe(201)
    expect((await upstreamCounts(sim)).calls).toBe(before.calls + 1)
  })

  it('lets the same call through once the callee’s morning comes', async () => {
    clock.advance(9 * 60 * 60_000 + 46 * 60_000)
    const before = await upstreamCounts(sim)
    const placed = await place(DENVER, 'hours-denver-morning')
    expect(placed.status, await placed.clone().text()).toBe(201)
    expect((await upstreamCounts(sim)).calls).toBe(before.calls + 1)
  })
})
