// New call's caller-ID suggestion on the store the project opens (SQLite, or PostgreSQL under server-postgres):
// the caller ID of the account's newest call to a number, whoever placed it; the flagged caller IDs with their
// reason; who may ask; a number that is not E.164 is a 400 in words. No upstream: the index is filled through
// the store, as the sync fills it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  FlaggedCallerIdsResponse,
  LastCallerIdResponse,
} from '../../../src/api/contract/caller-id-suggestion-schemas'
import { ROLES, type Role } from '../../../src/api/contract/console-schemas'
import { createTestConsole, expectProblem, type TestConsole } from '../test-support/console-app'
import { indexCalls, type TestCall } from '../test-support/indexed-calls'

const CALLEE = '+442071838750'
const NEW_YORK = '+12125550100'
const LONDON = '+442071830000'
const QUIET = '+13125550177'

let t: TestConsole
const cookies = {} as Record<Role, string>

/** `count` ended calls from `callerId`, `answered` of them completed, an hour apart from `start`. */
const endedCalls = (callerId: string, count: number, answered: number, start: string): TestCall[] =>
  Array.from({ length: count }, (_, i) => ({
    call_id: `call_${callerId.slice(1)}_${String(i).padStart(3, '0')}`,
    created_at: new Date(Date.parse(start) + i * 3_600_000).toISOString(),
    caller_id: callerId,
    destination: `+1415555${String(i).padStart(4, '0')}`,
    status: i < answered ? ('DIALER_COMPLETED' as const) : ('DIALER_FAILED' as const),
    metadata: null,
  }))

beforeAll(async () => {
  t = await createTestConsole({ apiKey: null })
  for (const role of ROLES) {
    await t.addUser(`${role}@example.com`, role)
    cookies[role] = await t.signIn(`${role}@example.com`)
  }
  const support = await t.store.users.byEmail('support@example.com')
  await indexCalls(t.store, [
    // Newest first is not the order they arrive in: the answer goes by created_at, not by when it was indexed.
    { call_id: 'call_b', created_at: '2026-12-03T15:00:00Z', caller_id: LONDON, destination: CALLEE },
    { call_id: 'call_a', created_at: '2026-11-20T10:00:00Z', caller_id: NEW_YORK, destination: CALLEE },
    // Placed through the console by support, and later than the others: the team's last one, whoever placed it.
    {
      call_id: 'call_c',
      created_at: '2026-12-04T09:30:00Z',
      caller_id: NEW_YORK,
      destination: CALLEE,
      owner: support?.id,
    },
    // Another number's newer call does not count.
    { call_id: 'call_d', created_at: '2026-12-05T09:30:00Z', caller_id: LONDON, destination: '+442071838751' },
    // A call the service gave no caller ID has none to suggest.
    { call_id: 'call_e', created_at: '2026-12-06T09:30:00Z', caller_id: '', destination: CALLEE },
  ])
  // Answered 90% and 20% of 30 ended calls: the quiet one is flagged against the account.
  await indexCalls(t.store, [
    ...endedCalls(NEW_YORK, 30, 27, '2026-10-01T00:00:00Z'),
    ...endedCalls(QUIET, 30, 6, '2026-10-01T00:00:00Z'),
  ])
}, 60_000)
afterAll(() => t.store.close())

const lastUsed = (to: string, role: Role | null = 'support') =>
  t.request(`/api/console/caller-id-suggestion?to=${encodeURIComponent(to)}`, role ? { cookie: cookies[role] } : {})
const flagged = (role: Role | null = 'support') =>
  t.request('/api/console/caller-ids/flagged', role ? { cookie: cookies[role] } : {})

describe('GET /api/console/caller-id-suggestion', () => {
  it('answers the caller ID of the newest call to that number', async () => {
    const res = await lastUsed(CALLEE)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      to: CALLEE,
      lastUsed: { callerId: NEW_YORK, callId: 'call_c', createdAt: '2026-12-04T09:30:00.000Z' },
    } satisfies LastCallerIdResponse)
  })

  it('answers null for a number the account never called', async () => {
    const res = await lastUsed('+15005550002')
    expect(await res.json()).toEqual({ to: '+15005550002', lastUsed: null })
  })

  it('is for everyone who reads calls, and nobody signed out', async () => {
    for (const role of ROLES) expect((await lastUsed(CALLEE, role)).status).toBe(200)
    await expectProblem(await lastUsed(CALLEE, null), 401)
  })

  it('refuses a number that is not in international format, in words, naming `to`', async () => {
    for (const to of ['4155550100', '+1 415 555 0100', '', '+0123']) {
      const problem = (await expectProblem(await lastUsed(to), 400)) as unknown as {
        detail: string
        errors: { field: string }[]
      }
      expect(problem.detail).toMatch(/international format/)
      expect(problem.errors.map((error) => error.field)).toEqual(['to'])
    }
    await expectProblem(await t.request('/api/console/caller-id-suggestion', { cookie: cookies.support }), 400)
  })
})

describe('GET /api/console/caller-ids/flagged', () => {
  it('names the caller ID answered less than usual, with the reason, to anyone who places calls', async () => {
    const res = await flagged('support')
    expect(res.status).toBe(200)
    const body = (await res.json()) as FlaggedCallerIdsResponse
    expect(body.flagged.map((flag) => flag.callerId)).toEqual([QUIET])
    expect(body.flagged[0]?.reason).toMatch(/^Answered 20% of its last 30 ended calls, against .*across the account\.$/)
  })

  it('is for everyone who reads calls, and nobody signed out', async () => {
    for (const role of ROLES) expect((await flagged(role)).status).toBe(200)
    await expectProblem(await flagged(null), 401)
  })
})
