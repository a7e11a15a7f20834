// The search routes' edges: who may ask (401, 403 by role), what is refused (400 problem+json naming the
// field), and the state without an API key. No upstream: the index is filled through the store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CallSearchResponse,
  type IndexState,
  SEARCH_COUNT_CAP,
} from '../../../../src/api/contract/call-index-schemas'
import { ROLES, type Role } from '../../../../src/api/contract/console-schemas'
import { createCallSearchQueries } from '../../store/call-search'
import { createTestConsole, expectProblem, type TestConsole } from '../../test-support/console-app'
import { indexCalls, indexListedCalls } from '../../test-support/indexed-calls'

let t: TestConsole
const cookies = {} as Record<Role, string>

beforeAll(async () => {
  t = await createTestConsole({ apiKey: null })
  for (const role of ROLES) {
    await t.addUser(`${role}@example.com`, role)
    cookies[role] = await t.signIn(`${role}@example.com`)
  }
  await t.store.callIndex.upsertListed([
    {
      call_id: 'call_0001',
      status: 'DIALER_COMPLETED',
      caller_id: '+14155550100',
      destination: '+442071838750',
      duration_seconds: 42,
      created_at: '2026-11-20T10:00:00Z',
    },
  ])
})
afterAll(() => t.store.close())

const search = (query: string, role: Role | null = 'support') =>
  t.request(`/api/console/calls/search${query}`, role ? { cookie: cookies[role] } : {})

describe('GET /api/console/calls/search', () => {
  it('finds a call by any part of its number, typed as a person types it', async () => {
    const res = await search(`?q=${encodeURIComponent('(207) 183')}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as CallSearchResponse
    expect(body).toMatchObject({ total: 1, nextCursor: null, calls: [{ call_id: 'call_0001', placedBy: null }] })
    expect(body.calls[0]).toMatchObject({ created_at: '2026-11-20T10:00:00Z', metadata: null, has_recording: null })
  })

  it('finds a number fragment in a metadata value too, as it finds a part of a number ("4821" finds "T-4821")', async () => {
    const own = await createTestConsole({ apiKey: null })
    await own.addUser('fragment@example.com', 'support')
    const cookie = await own.signIn('fragment@example.com')
    // Numbers that hold none of the fragments searched: a match is the metadata's.
    const numbers = { caller_id: '+13035550100', destination: '+19175550111' }
    await indexCalls(own.store, [
      { ...numbers, call_id: 'call_ticket', created_at: '2026-11-21T10:00:00Z', metadata: { ticket: 'T-4821' } },
      {
        ...numbers,
        call_id: 'call_phone',
        created_at: '2026-11-21T11:00:00Z',
        metadata: { customer: '+1 (415) 555-0142' },
      },
      { ...numbers, call_id: 'call_other', created_at: '2026-11-21T12:00:00Z', metadata: { ticket: 'T-1234' } },
      { ...numbers, call_id: 'call_plain', created_at: '2026-11-21T13:00:00Z', metadata: { customer: '14155550177' } },
    ])
    const ids = async (q: string) => {
      const res = await own.request(`/api/console/calls/search?q=${encodeURIComponent(q)}`, { cookie })
      expect(res.status).toBe(200)
      return ((await res.json()) as CallSearchResponse).calls.map((call) => call.call_id)
    }
    expect(await ids('4821')).toEqual(['call_ticket'])
    expect(await ids('T-4821')).toEqual(['call_ticket'])
    expect(await ids('482')).toEqual(['call_ticket'])
    // As typed, or as its digits: "(415) 555" is in one value as typed, and in the other as its digits.
    expect(await ids('(415) 555')).toEqual(['call_plain', 'call_phone'])
    expect(await ids('415-555-0177')).toEqual(['call_plain'])
    // A fragment in neither a number nor a value finds nothing; every term must hold.
    expect(await ids('4822')).toEqual([])
    expect(await ids('4821 T-1234')).toEqual([])
    // The page's plan and the scan in time order agree: the store forced to scan finds the same call.
    const scanning = createCallSearchQueries(own.store.db, own.store.adapter, 0)
    const filter = { numbers: [{ digits: '4821', texts: ['4821'] }], texts: [] }
    expect((await scanning.page(filter, null, 10)).map((row) => row.call_id)).toEqual(['call_ticket'])
    expect(await scanning.count(filter)).toBe(1)
    await own.store.close()
  })

  it('refuses a term too short to search, saying which and what to type instead', async () => {
    for (const q of ['48', 'ab', '+1 T-4821']) {
      const res = await search(`?q=${encodeURIComponent(q)}`)
      const problem = (await expectProblem(res, 400)) as unknown as { detail: string; errors: { field: string }[] }
      expect(problem.errors.map((error) => error.field)).toEqual(['q'])
      expect(problem.detail).toMatch(/too short to search: type 3 characters or more/)
    }
    expect(((await expectProblem(await search('?q=48'), 400)) as unknown as { detail: string }).detail).toBe(
      '“48” is too short to search: type 3 characters or more (3 digits of a number), or name a key (ticket:48).',
    )
    // Within a key any length is searched.
    expect((await search(`?q=${encodeURIComponent('lang:en')}`)).status).toBe(200)
  })

  it('sums the billed minutes of the calls it selects, on all pages; none past the count’s cap', async () => {
    // A console of its own: the calls it adds would change the counts the other tests read.
    const own = await createTestConsole({ apiKey: null })
    await own.addUser('minutes@example.com', 'support')
    const cookie = await own.signIn('minutes@example.com')
    const at = (hour: number) => `2026-11-21T${hour}:00:00Z`
    await indexCalls(own.store, [
      { call_id: 'call_m1', created_at: at(10), duration_seconds: 61 },
      { call_id: 'call_m2', created_at: at(11), duration_seconds: 150 },
      { call_id: 'call_m3', created_at: at(12), status: 'DIALER_FAILED' },
      // Ended, its details still to come: no minutes known yet.
      { call_id: 'call_m4', created_at: at(13), metadata: null },
    ])
    const read = async (query: string) =>
      (await (await own.request(`/api/console/calls/search${query}`, { cookie })).json()) as CallSearchResponse
    expect(await read('?limit=25')).toMatchObject({ total: 4, totalCapped: false, billedMinutes: 2 + 3 + 1 })
    expect(await read('?status=DIALER_FAILED')).toMatchObject({ total: 1, billedMinutes: 1 })
    await indexListedCalls(own.store, SEARCH_COUNT_CAP + 1)
    expect(await read('')).toMatchObject({ totalCapped: true, billedMinutes: null })
    await own.store.close()
    // Past the count's cap is thousands of calls written: on PostgreSQL, on a busy machine, that takes a while.
  }, 90_000)

  it.each([
    ['?status=RINGING', 'status'],
    ['?from_date=yesterday', 'from_date'],
    ['?caller_id=4155550100', 'caller_id'],
    ['?has_recording=yes', 'has_recording'],
    ['?min_duration=-1', 'min_duration'],
    ['?limit=30', 'limit'],
    [`?q=${'x'.repeat(201)}`, 'q'],
    ['?cursor=not-a-cursor', 'cursor'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await search(query)
    const problem = (await expectProblem(res, 400)) as unknown as { errors: { field: string }[] }
    expect(problem.errors.map((error) => error.field)).toContain(field)
  })

  it('asks for a session (401), and calls:read, which every role has', async () => {
    await expectProblem(await search('', null), 401)
    for (const role of ROLES) expect((await search('', role)).status).toBe(200)
  })
})

describe('/api/console/calls/index', () => {
  it('answers unavailable, with why, when the console has no API key', async () => {
    const res = await t.request('/api/console/calls/index', { cookie: cookies.manager })
    const state = (await res.json()) as IndexState
    expect(state).toMatchObject({ state: 'unavailable', indexed: 1, pendingDetails: 1, backfill: null })
    expect(state.message).toMatch(/no API key/)
  })

  it('lets only admins start a backfill (403 for the others), and says there is none to start without a key', async () => {
    for (const role of ['support', 'manager'] as const)
      await expectProblem(await t.request('/api/console/calls/index', { method: 'POST', cookie: cookies[role] }), 403)
    await expectProblem(await t.request('/api/console/calls/index', { method: 'POST' }), 401)
    await expectProblem(await t.request('/api/console/calls/index', { method: 'POST', cookie: cookies.admin }), 503)
  })
})

describe('GET /api/console/calls/placers', () => {
  it('names the people who placed calls through this console, and nobody else', async () => {
    const placer = await t.store.users.byEmail('manager@example.com')
    await t.store.callOwners.record('call_0001', placer?.id ?? '', Date.now())
    const res = await t.request('/api/console/calls/placers', { cookie: cookies.support })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ people: [{ userId: placer?.id, email: 'manager@example.com' }] })
  })
})
