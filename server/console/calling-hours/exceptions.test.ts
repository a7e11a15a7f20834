// An admin's one call outside the callee's calling hours, on two console instances over one store, in front of the
// real simulator: two placements at once, one passes; used once; gone after 15 minutes; admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditAction } from '../../../src/api/contract/audit-schemas'
import { CALLING_HOURS, CALLING_HOURS_EXCEPTION_MS } from '../../../src/api/contract/calling-hours-schemas'
import { openStore } from '../store'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'
import {
  ACME_KEY,
  type SimulatorProcess,
  startSimulatorProcess,
  upstreamCounts,
} from '../test-support/simulator-process'
import { testStoreLocation } from '../test-support/test-store'
import { findSamples } from '../test-support/voice-samples'
import { parseCallingWindow } from './calling-window'

// 22:14 in Denver (UTC-6 in July).
const clock = fakeClock(Date.parse('2026-07-15T04:14:00Z'))
const DENVER = '+13035550100'
const HOURS = { window: parseCallingWindow('08:00-21:00'), byCountry: new Map() }

let sim: SimulatorProcess
let a: TestConsole
let b: TestConsole
let callerId: string
const cookies: Record<string, string> = {}

beforeAll(async () => {
  sim = await startSimulatorProcess()
  const location = await testStoreLocation({ file: true })
  const options = { upstream: sim.url, apiKey: ACME_KEY, now: clock.now, callingHours: HOURS }
  a = await createTestConsole({ ...options, store: await openStore(location, undefined, { connections: 4 }) })
  b = await createTestConsole({ ...options, store: await openStore(location, undefined, { connections: 4 }) })
  for (const [email, role] of [
    ['ada@example.com', 'admin'],
    ['mia@example.com', 'manager'],
    ['sam@example.com', 'support'],
    ['kim@example.com', 'support'],
  ] as const) {
    await a.addUser(email, role)
    cookies[email] = await a.signIn(email)
  }
  ;({ callerId } = await findSamples(sim))
})
afterAll(async () => {
  await a?.store.close()
  await b?.store.close()
  await sim?.stop()
})

const allow = (on: TestConsole, email: string, json: unknown) =>
  on.request('/api/console/calling-hours/exceptions', { cookie: cookies[email], json })

const place = (on: TestConsole, email: string, key: string) =>
  on.request('/api/v1/voice/calls', {
    cookie: cookies[email],
    headers: { 'idempotency-key': key },
    json: { caller_id: callerId, destination: DENVER },
  })

const entries = (action: AuditAction) =>
  a.store.db
    .selectFrom('audit_log')
    .select(['target', 'detail'])
    .where('action', '=', action)
    .execute()
    // As people read them: the numbers are kept beside the hashed entries (issue 52).
    .then(a.store.auditPersonal.reveal)

describe('one call allowed outside the hours', () => {
  it('is for admins only, with a number and a reason', async () => {
    for (const email of ['sam@example.com', 'mia@example.com'])
      await expectProblem(await allow(a, email, { phone_number: DENVER, reason: 'The callee asked for 22:30' }), 403)
    const invalid = await expectProblem(await allow(a, 'ada@example.com', { phone_number: '303 555', reason: '' }), 400)
    expect(JSON.stringify(invalid)).toContain('E.164')
    expect(await entries('calling-hours.exception-allowed')).toHaveLength(0)
  })

  it('lets exactly one of two placements at once through, on two instances, and is audited', async () => {
    const allowed = await allow(a, 'ada@example.com', { phone_number: DENVER, reason: 'The callee asked for 22:30' })
    expect(allowed.status).toBe(201)
    expect(await allowed.json()).toEqual({
      phone_number: DENVER,
      reason: 'The callee asked for 22:30',
      allowed_by: 'ada@example.com',
      allowed_at: '2026-07-15T04:14:00.000Z',
      expires_at: new Date(clock.now() + CALLING_HOURS_EXCEPTION_MS).toISOString(),
    })
    const [allowedEntry] = await entries('calling-hours.exception-allowed')
    expect(allowedEntry?.target).toBe(DENVER)
    expect(JSON.stringify(allowedEntry?.detail)).toContain('The callee asked for 22:30')

    const before = await upstreamCounts(sim)
    const answers = await Promise.all([place(a, 'sam@example.com', 'once-a'), place(b, 'kim@example.com', 'once-b')])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403])
    const refused = answers.find((answer) => answer.status === 403) ?? answers[0]
    expect(((await refused.json()) as { type: string }).type).toBe(CALLING_HOURS)
    expect((await upstreamCounts(sim)).calls).toBe(before.calls + 1)
    expect(await entries('calling-hours.exception-used')).toHaveLength(1)

    // Used once: the next placement is refused again.
    await expectProblem(await place(b, 'sam@example.com', 'once-again'), 403)
  })

  it('lapses after 15 minutes unused', async () => {
    expect(
      (await allow(b, 'ada@example.com', { phone_number: DENVER, reason: 'Urgent: their order is stuck' })).status,
    ).toBe(201)
    clock.advance(CALLING_HOURS_EXCEPTION_MS)
    const before = await upstreamCounts(sim)
    await expectProblem(await place(a, 'sam@example.com', 'lapsed'), 403)
    expect(await upstreamCounts(sim)).toEqual(before)
  })
})

describe('GET /api/console/calling-hours', () => {
  it('tells New call, before the press, what the placement would meet', async () => {
    const res = await a.request(`/api/console/calling-hours?phone_number=${encodeURIComponent(DENVER)}`, {
      cookie: cookies['sam@example.com'],
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      allowed: false,
      zones: ['America/Denver'],
      local_times: ['22:29'],
      window: { start: '08:00', end: '21:00' },
      opens_at: '2026-07-15T14:00:00.000Z',
    })
    expect(body.sentence).toContain('It is 22:29 for the callee (America/Denver); calls are allowed 08:00–21:00.')
    await expectProblem(
      await a.request('/api/console/calling-hours?phone_number=12', { cookie: cookies['sam@example.com'] }),
      400,
    )
  })
})
