// POST and GET /caller-ids: verification starts with a code, the number appears
// VERIFIED with CNAM after the (scaled) delay, and only then can place calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listCallerIdsResponse, startVerificationResponse } from './contract/schemas'
import { ACME_KEY, type ApiClient, api, GLOBEX_KEY } from './test-support/api'
import { E164, expectFieldError, expectProblem, expectTimestamp } from './test-support/assertions'
import { TEST_NUMBERS } from './test-support/calls'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'

const VERIFY_DELAY_MS = 20_000
let sim: TestSimulator
let acme: ApiClient
let globex: ApiClient
const clock = new FakeClock('2026-11-15T12:00:00Z')

beforeAll(async () => {
  sim = await startTestSimulator({ speed: 1, now: clock.now, verifyDelayMs: VERIFY_DELAY_MS })
  acme = api(sim, ACME_KEY)
  globex = api(sim, GLOBEX_KEY)
})
afterAll(() => sim?.close())

async function listed(client: ApiClient) {
  const res = await client.get('/caller-ids')
  expect(res.status).toBe(200)
  return listCallerIdsResponse.parse(res.body).caller_ids
}

describe('GET /caller-ids', () => {
  it('lists the seeded verified caller IDs with every field of the spec', async () => {
    const ids = await listed(acme)
    expect(ids.length).toBeGreaterThanOrEqual(2)
    for (const item of ids) {
      expect(Object.keys(item).sort()).toEqual(
        ['cnam_display_name', 'cnam_status', 'id', 'phone_number', 'verification_status', 'verified_at'].sort(),
      )
      expect(item.id).toMatch(/^cid_.+/)
      expect(item.phone_number).toMatch(E164)
      expect(item.verification_status).toBe('VERIFIED')
      expect(item.cnam_status).toBe('APPROVED')
      expect(item.cnam_display_name.length).toBeGreaterThan(0)
      expect(item.cnam_display_name.length).toBeLessThanOrEqual(15)
      expectTimestamp(item.verified_at)
      expect(Date.parse(item.verified_at ?? '')).toBeLessThanOrEqual(clock.now())
    }
    expect(new Set(ids.map((i) => i.id)).size).toBe(ids.length)
  })
})

describe('POST /caller-ids', () => {
  it('answers 201 with a cid_ id, the number, a 6-digit code and a message', async () => {
    const res = await acme.post('/caller-ids', { phone_number: '+14155550111' })
    expect(res.status, res.text).toBe(201)
    const body = startVerificationResponse.parse(res.body)
    expect(Object.keys(res.body as object).sort()).toEqual(
      ['caller_id_id', 'message', 'phone_number', 'validation_code'].sort(),
    )
    expect(body.caller_id_id).toMatch(/^cid_.+/)
    expect(body.phone_number).toBe('+14155550111')
    expect(body.validation_code).toMatch(/^\d{6}$/)
    expect(body.message.length).toBeGreaterThan(10)
    expect(body.message).toContain('+14155550111')
  })

  it('lists the number as VERIFIED with CNAM only after the verification delay', async () => {
    const number = '+14155550122'
    const started = clock.now()
    const res = await acme.post('/caller-ids', { phone_number: number })
    const body = startVerificationResponse.parse(res.body)
    expect((await listed(acme)).map((c) => c.phone_number)).not.toContain(number)

    clock.advance(VERIFY_DELAY_MS - 1_000)
    expect((await listed(acme)).map((c) => c.phone_number)).not.toContain(number)

    clock.advance(1_000)
    const item = (await listed(acme)).find((c) => c.phone_number === number)
    expect(item).toMatchObject({
      id: body.caller_id_id,
      phone_number: number,
      verification_status: 'VERIFIED',
      cnam_status: 'APPROVED',
    })
    expect(item?.cnam_display_name.length).toBeGreaterThan(0)
    expect(item?.cnam_display_name.length).toBeLessThanOrEqual(15)
    expect(Math.abs(Date.parse(item?.verified_at ?? '') - (started + VERIFY_DELAY_MS))).toBeLessThan(1_000)
  })

  it('lets a newly verified number be the caller_id of a call, and not before', async () => {
    const number = '+14155550133'
    expect((await acme.post('/caller-ids', { phone_number: number })).status).toBe(201)
    const call = { caller_id: number, destination: TEST_NUMBERS.completes }
    expectFieldError(await acme.post('/calls', call), 'caller_id')
    clock.advance(VERIFY_DELAY_MS)
    const res = await acme.post('/calls', call)
    expect(res.status, res.text).toBe(201)
    expect((res.body as { caller_id: string }).caller_id).toBe(number)
  })

  it('restarts a pending verification of the same number under the same id, with a fresh code', async () => {
    const number = '+14155550166'
    const first = startVerificationResponse.parse((await acme.post('/caller-ids', { phone_number: number })).body)
    clock.advance(1_000)
    const again = await acme.post('/caller-ids', { phone_number: number })
    expect(again.status).toBe(201)
    const second = startVerificationResponse.parse(again.body)
    expect(second.caller_id_id).toBe(first.caller_id_id)
    expect(second.validation_code).toMatch(/^\d{6}$/)
    clock.advance(VERIFY_DELAY_MS)
    expect((await listed(acme)).filter((c) => c.phone_number === number)).toHaveLength(1)
  })

  it('shows CNAM names of at most 15 characters, cut from the account name', async () => {
    const number = '+14155550167'
    expect((await globex.post('/caller-ids', { phone_number: number })).status).toBe(201)
    clock.advance(VERIFY_DELAY_MS)
    for (const client of [acme, globex]) {
      const names = new Set((await listed(client)).map((c) => c.cnam_display_name))
      expect(names.size).toBe(1)
      const [name] = [...names]
      expect(name?.length).toBeGreaterThan(0)
      expect(name?.length).toBeLessThanOrEqual(15)
      expect(name).toBe(name?.trim())
    }
  })

  it('never verifies +15005550009', async () => {
    expect((await acme.post('/caller-ids', { phone_number: TEST_NUMBERS.neverVerifies })).status).toBe(201)
    clock.advance(7 * 24 * 60 * 60_000)
    expect((await listed(acme)).map((c) => c.phone_number)).not.toContain(TEST_NUMBERS.neverVerifies)
    expectFieldError(
      await acme.post('/calls', { caller_id: TEST_NUMBERS.neverVerifies, destination: TEST_NUMBERS.completes }),
      'caller_id',
    )
  })

  it('answers 409 for a number the account has already verified', async () => {
    const before = await listed(acme)
    const existing = before[0]?.phone_number
    const problem = expectProblem(await acme.post('/caller-ids', { phone_number: existing }), 409)
    expect(problem.detail).toContain(existing ?? '?')
    expect(await listed(acme)).toEqual(before)
  })

  it('scopes caller IDs per account: a number verified by Acme is new to Globex', async () => {
    const number = '+14155550144'
    expect((await acme.post('/caller-ids', { phone_number: number })).status).toBe(201)
    clock.advance(VERIFY_DELAY_MS)
    expect((await listed(acme)).map((c) => c.phone_number)).toContain(number)
    expect((await listed(globex)).map((c) => c.phone_number)).not.toContain(number)
    expect((await globex.post('/caller-ids', { phone_number: number })).status).toBe(201)
  })
})
