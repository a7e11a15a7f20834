// Crash safety: while several clients create calls, the simulator is killed with SIGKILL at a
// random moment, 50 times over, on the same database file. After every restart each call that
// was answered 201 is still there and unchanged, each key replays to the call it created, an
// unanswered key yields exactly one call when retried, and the file passes integrity_check.
// The kill moments and requests come from a seeded PRNG: rerun a failure with CRASH_SEED=<seed>.
import { randomInt } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { afterAll, expect, it } from 'vitest'
import { type CreateCallRequest, type CreateCallResponse, createCallResponse } from './contract/schemas'
import { createRandom, type Random } from './domain/prng'
import { ACME_KEY, type ApiClient, type ApiResponse, api, GLOBEX_KEY } from './test-support/api'
import { TEST_NUMBERS, verifiedCallerId } from './test-support/calls'
import { type ChildSimulator, spawnSimulator } from './test-support/child-simulator'
import { auditCallsDatabase } from './test-support/crash-database'

const KILLS = 50
const CLIENTS = 6
// Only a bound: every round is cut short by the kill long before a client gets there.
const REQUESTS_PER_CLIENT = 500
const KILL_AFTER_MS = { min: 20, max: 300 }
const REPLAY_CHANCE = 0.2
const CHECK_CONCURRENCY = 8
const REQUEST_TIMEOUT_MS = 15_000
const KEY_FIELD = 'crash_key'
/** The fields of a created call that never change; its status and update time move with the clock. */
const IMMUTABLE = ['call_id', 'caller_id', 'destination', 'created_at', 'metadata', 'links'] as const

const SEED = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31))

interface Sent {
  idempotencyKey: string
  apiKey: string
  body: Required<CreateCallRequest>
  /** The 201 body, once one arrived; every later answer for the key must equal it. */
  answer?: CreateCallResponse
}

const ACCOUNTS = [ACME_KEY, GLOBEX_KEY] as const
const sentByClient: Sent[][] = Array.from({ length: CLIENTS }, () => [])
const answeredByClient: Sent[][] = Array.from({ length: CLIENTS }, () => [])
const problems: string[] = []
const stats = { requests: 0, answeredUnderLoad: 0, replays: 0, retried: 0, retriedHadCommitted: 0, checked: 0 }

let dir: string
let sim: ChildSimulator | undefined
afterAll(async () => {
  await sim?.kill('SIGKILL')
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function post(client: ApiClient, sent: Sent): Promise<ApiResponse> {
  stats.requests++
  return client.raw('/calls', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': sent.idempotencyKey },
    body: JSON.stringify(sent.body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
}

/** Keeps the first 201 body of a key and holds every later answer to it. */
function record(sent: Sent, client: number, res: ApiResponse, expectReplay: boolean): void {
  if (res.status !== 201) {
    problems.push(`${sent.idempotencyKey}: ${res.status} ${res.text}`)
    return
  }
  const answer = createCallResponse.parse(res.body)
  if (expectReplay && res.headers.get('idempotent-replayed') !== 'true') {
    problems.push(`${sent.idempotencyKey}: a replay without Idempotent-Replayed: true`)
  }
  if (!sent.answer) {
    sent.answer = answer
    answeredByClient[client]?.push(sent)
  } else if (!isDeepStrictEqual(sent.answer, answer)) {
    problems.push(`${sent.idempotencyKey}: answered ${JSON.stringify(answer)}, first ${JSON.stringify(sent.answer)}`)
  }
}

function newRequest(client: number, round: number, index: number, callerIds: string[], rng: Random): Sent {
  const idempotencyKey = `crash-${SEED}-${round}-${client}-${index}`
  return {
    idempotencyKey,
    apiKey: ACCOUNTS[client % ACCOUNTS.length] ?? ACME_KEY,
    body: {
      caller_id: callerIds[client % ACCOUNTS.length] ?? '',
      destination: rng.chance(0.5) ? TEST_NUMBERS.completes : `+1415555${rng.int(1000, 9999)}`,
      record: rng.chance(0.5),
      metadata: { [KEY_FIELD]: idempotencyKey, round, client },
    },
  }
}

/**
 * One client: new calls, and now and then a replay of one of its own answered keys, until the
 * server dies. A client only replays its own keys, so a key is never in flight twice (no 409).
 */
async function runClient(url: string, client: number, round: number, callerIds: string[]): Promise<void> {
  const rng = createRandom(`${SEED}:${round}:${client}`)
  const answered = answeredByClient[client] ?? []
  for (let index = 0; index < REQUESTS_PER_CLIENT; index++) {
    const replay = answered.length > 0 && rng.chance(REPLAY_CHANCE)
    const sent = replay ? rng.pick(answered) : newRequest(client, round, index, callerIds, rng)
    if (!replay) sentByClient[client]?.push(sent)
    let res: ApiResponse
    try {
      res = await post(api({ url }, sent.apiKey), sent)
    } catch {
      return // the server was killed (or the answer was cut off): the key stays unanswered
    }
    if (replay) stats.replays++
    else if (res.status === 201) stats.answeredUnderLoad++
    record(sent, client, res, replay)
  }
}

async function forEachLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/**
 * A key the kill left unanswered gives exactly one call: two retries answer the same body (the
 * first creates the call unless the killed request had committed it; the audit finds duplicates).
 */
async function retryUnanswered(url: string): Promise<void> {
  const unanswered = sentByClient.flatMap((sent, client) => sent.filter((s) => !s.answer).map((s) => ({ s, client })))
  await forEachLimited(unanswered, CHECK_CONCURRENCY, async ({ s, client }) => {
    const first = await post(api({ url }, s.apiKey), s)
    if (first.headers.get('idempotent-replayed') === 'true') stats.retriedHadCommitted++
    record(s, client, first, false)
    record(s, client, await post(api({ url }, s.apiKey), s), true)
    stats.retried++
  })
}

/** The call behind each answer is served with the fields the 201 body had. */
async function checkServed(url: string, sent: Sent[]): Promise<void> {
  await forEachLimited(sent, CHECK_CONCURRENCY, async ({ apiKey, answer }) => {
    if (!answer) return
    const res = await api({ url }, apiKey).get(`/calls/${answer.call_id}`)
    const served = res.body as Record<string, unknown>
    const expected = Object.fromEntries(IMMUTABLE.map((field) => [field, answer[field]]))
    const actual = Object.fromEntries(IMMUTABLE.map((field) => [field, served?.[field]]))
    if (res.status !== 200 || !isDeepStrictEqual(actual, expected)) {
      problems.push(`${answer.call_id}: served ${res.status} ${res.text}, answered ${JSON.stringify(answer)}`)
    }
    stats.checked++
  })
}

/** Fails with the first few problems found so far (a broken write path produces hundreds). */
function expectNoProblems(when: string): void {
  expect(problems.slice(0, 10), `seed ${SEED}, ${when}: ${problems.length} problems`).toEqual([])
}

function auditDatabase(db: string): void {
  const answered = answeredByClient
    .flat()
    .map(({ apiKey, idempotencyKey, answer }) => ({ apiKey, idempotencyKey, answer: answer as CreateCallResponse }))
  problems.push(...auditCallsDatabase(db, answered, KEY_FIELD))
}

it(`keeps every answered call through ${KILLS} SIGKILLs under concurrent POST /calls`, async () => {
  console.log(`crash test seed ${SEED} (rerun with CRASH_SEED=${SEED})`)
  const started = Date.now()
  const killRng = createRandom(SEED)
  dir = mkdtempSync(join(tmpdir(), 'voice-sim-crash-'))
  const db = join(dir, 'crash.sqlite')
  const env = { VOICE_SIM_DB: db, VOICE_SIM_SEED_CALLS: '0', VOICE_SIM_RATE_LIMIT: '100000000' }
  let callerIds: string[] = []
  let url = ''
  const checkedUpTo = answeredByClient.map(() => 0)

  for (let round = 0; round <= KILLS; round++) {
    sim = await spawnSimulator(env)
    url = sim.url
    if (round === 0) callerIds = await Promise.all(ACCOUNTS.map((key) => verifiedCallerId(api({ url }, key))))

    // The previous round's answers (and its retried keys), now that they have been through a crash
    // and a restart; the audit covers every earlier answer too.
    await retryUnanswered(url)
    const fresh = answeredByClient.flatMap((answered, client) => answered.slice(checkedUpTo[client]))
    answeredByClient.forEach((answered, client) => {
      checkedUpTo[client] = answered.length
    })
    await checkServed(url, fresh)
    auditDatabase(db)
    expectNoProblems(`after kill ${round}`)
    if (round === KILLS) break

    const clients = Array.from({ length: CLIENTS }, (_, client) => runClient(url, client, round, callerIds))
    await new Promise((resolve) => setTimeout(resolve, killRng.int(KILL_AFTER_MS.min, KILL_AFTER_MS.max)))
    await sim.kill('SIGKILL')
    await Promise.all(clients)
    expectNoProblems(`under load until kill ${round + 1}`)
  }

  // Last, every answer of the whole run once more through the API, on the final restart.
  const all = answeredByClient.flat()
  await checkServed(url, all)
  expectNoProblems('final check')
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(
    `crash test: ${KILLS} kills, ${stats.requests} requests, ${stats.answeredUnderLoad} calls answered 201 under load, ` +
      `${all.length} calls verified (${stats.checked} GET checks), ${stats.replays} replays under load, ` +
      `${stats.retried} unanswered keys retried (${stats.retriedHadCommitted} committed before the kill), ` +
      `seed ${SEED}, ${seconds} s`,
  )
  // The run must have exercised both cases, or it proved nothing.
  expect(stats.answeredUnderLoad).toBeGreaterThan(KILLS)
  expect(stats.retried).toBeGreaterThan(0)
})
