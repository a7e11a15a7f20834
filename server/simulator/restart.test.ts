// A call in progress survives a restart of the simulator on the same database
// file: it keeps its state and ends the right way at the planned time.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callDetail, listCallsResponse } from './contract/schemas'
import { ACME_KEY, api } from './test-support/api'
import { createCall, getStatus, stepUntilFinished, TEST_NUMBERS, verifiedCallerId } from './test-support/calls'
import { spawnSimulator } from './test-support/child-simulator'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'

let dir: string
let db: string
const running: TestSimulator[] = []

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'voice-sim-restart-'))
  db = join(dir, 'sim.sqlite')
})
afterAll(async () => {
  await Promise.all(running.map((s) => s.close().catch(() => undefined)))
  rmSync(dir, { recursive: true, force: true })
})

async function start(clock: FakeClock, file: string): Promise<TestSimulator> {
  const sim = await startTestSimulator({ db: file, speed: 1, now: clock.now, seedCalls: 20 })
  running.push(sim)
  return sim
}

async function stop(sim: TestSimulator): Promise<void> {
  await sim.close()
  running.splice(running.indexOf(sim), 1)
}

const allCalls = async (sim: TestSimulator) =>
  listCallsResponse.parse((await api(sim).get('/calls', { query: { limit: 100 } })).body).calls

describe('restart in the middle of a call', () => {
  it('continues ringing calls after a restart and ends each on schedule, the right way', async () => {
    const clock = new FakeClock('2026-11-15T12:00:00Z')
    const first = await start(clock, db)
    const completes = await createCall(api(first), { destination: TEST_NUMBERS.completes, record: true })
    const noAnswer = await createCall(api(first), { destination: TEST_NUMBERS.noAnswer })
    clock.advance(1_600)
    expect((await getStatus(api(first), completes.call_id)).status).toBe('DIALER_RINGING')
    expect((await getStatus(api(first), noAnswer.call_id)).status).toBe('DIALER_RINGING')
    const detailBefore = callDetail.parse((await api(first).get(`/calls/${completes.call_id}`)).body)
    const listBefore = await allCalls(first)
    await stop(first)

    const second = await start(clock, db)
    const acme = api(second, ACME_KEY)
    // Same data, no reseeding, and the calls are still ringing.
    expect(await allCalls(second)).toEqual(listBefore)
    expect(callDetail.parse((await acme.get(`/calls/${completes.call_id}`)).body)).toEqual(detailBefore)

    const failed = await stepUntilFinished(acme, clock, noAnswer.call_id, { stepMs: 500 })
    expect(failed.seen).toEqual(['DIALER_RINGING', 'DIALER_FAILED'])
    // No answer: the phone rings 8 to 15 s after dialling for about a second.
    const failedAfter = Date.parse(failed.last.updated_at) - Date.parse(noAnswer.created_at)
    expect(failedAfter).toBeGreaterThanOrEqual(8_000)
    expect(failedAfter).toBeLessThanOrEqual(18_000)
    expect(failed.observedAt - Date.parse(failed.last.updated_at)).toBeLessThan(1_500)

    const doneFrom = clock.now()
    const done = await stepUntilFinished(acme, clock, completes.call_id, { stepMs: 1_000 })
    expect(done.last.status).toBe('DIALER_COMPLETED')
    const duration = done.last.duration_seconds ?? 0
    expect(duration).toBeGreaterThanOrEqual(10)
    // Ended = created + dialling + ringing (a few seconds) + the talk time it reports.
    const overhead = Date.parse(done.last.updated_at) - Date.parse(completes.created_at) - duration * 1000
    expect(overhead).toBeGreaterThanOrEqual(1_000)
    expect(overhead).toBeLessThanOrEqual(10_000)
    // Seen within a step (and updated_at's truncated second) of its end; at the first look when its plan ended it
    // while the other call was being watched (a short ring and talk against a long ring, drawn at random).
    expect(done.observedAt - Math.max(Date.parse(done.last.updated_at), doneFrom)).toBeLessThan(2_000)
    const detail = callDetail.parse((await acme.get(`/calls/${completes.call_id}`)).body)
    expect(detail.billed_minutes).toBe(Math.ceil(duration / 60))
    expect(detail.recording_url).not.toBeNull()
    await stop(second)
  })

  it('a call that should have ended while the simulator was down is ended when it comes back', async () => {
    const clock = new FakeClock('2026-11-16T08:00:00Z')
    const file = join(dir, 'down.sqlite')
    const first = await start(clock, file)
    const call = await createCall(api(first), { destination: TEST_NUMBERS.completes })
    clock.advance(2_000)
    expect((await getStatus(api(first), call.call_id)).status).not.toBe('DIALER_COMPLETED')
    await stop(first)
    clock.advance(60 * 60_000)
    const second = await start(clock, file)
    const status = await getStatus(api(second), call.call_id)
    expect(status.status).toBe('DIALER_COMPLETED')
    expect(Date.parse(status.updated_at)).toBeLessThan(clock.now() - 50 * 60_000)
    await stop(second)
  })

  it('keeps the same accounts, caller IDs and keys across restarts', async () => {
    const clock = new FakeClock('2026-11-17T08:00:00Z')
    const file = join(dir, 'keys.sqlite')
    const first = await start(clock, file)
    const before = [(await api(first).get('/account')).body, (await api(first).get('/caller-ids')).body]
    await stop(first)
    const second = await start(clock, file)
    expect([(await api(second).get('/account')).body, (await api(second).get('/caller-ids')).body]).toEqual(before)
    await stop(second)
  })

  it('keeps every write answered 2xx when the process is killed with SIGKILL', async () => {
    const file = join(dir, 'crash.sqlite')
    const child = await spawnSimulator({ VOICE_SIM_DB: file, VOICE_SIM_SEED_CALLS: '10', VOICE_SIM_SPEED: '1' })
    try {
      const acme = api({ url: child.url })
      const call = await createCall(acme, { destination: TEST_NUMBERS.completes, metadata: { crash: 'test' } })
      const cid = await acme.post(
        '/caller-ids',
        { phone_number: '+14155550188' },
        { headers: { 'idempotency-key': 'k1' } },
      )
      expect(cid.status).toBe(201)
      await child.kill('SIGKILL')

      const clock = new FakeClock(Date.now() + 60 * 60_000)
      const after = await start(clock, file)
      const again = api(after)
      const detail = callDetail.parse((await again.get(`/calls/${call.call_id}`)).body)
      expect(detail).toMatchObject({ call_id: call.call_id, metadata: { crash: 'test' }, status: 'DIALER_COMPLETED' })
      expect((await again.get('/caller-ids')).text).toContain('+14155550188')
      const replay = await again.post(
        '/caller-ids',
        { phone_number: '+14155550188' },
        { headers: { 'idempotency-key': 'k1' } },
      )
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      expect(replay.body).toEqual(cid.body)
      expect(await verifiedCallerId(again)).toMatch(/^\+/)
      await stop(after)
    } finally {
      await child.kill('SIGKILL')
    }
  })
})
