// A console killed (SIGKILL) while the voice service holds a call placement it forwarded: started again on the
// same store, its trail says the placement was forwarded with no answer, the chain verifies, and the same person's
// retry with the same Idempotency-Key completes the record (the answer's entry, "placed by").
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AuditEntry, AuditPage } from '../../../src/api/contract/audit-schemas'
import { eventually } from '../../shared/test-support/eventually'
import { hashPassword } from '../auth/passwords'
import { openStore } from '../store'
import { PASSWORD } from '../test-support/console-app'
import { type ConsoleProcess, consoleProcess } from '../test-support/console-process'
import { freePort } from '../test-support/free-port'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'
import { makeDist } from '../test-support/stand-in-dist'
import { onPostgres, testStoreLocation } from '../test-support/test-store'
import { verifyAuditTrail } from './verify'

const EMAIL = 'ops@example.com'
const KEY = 'placement-crash-1'
const PLACEMENT = { caller_id: '+14155550100', destination: '+14155550177' }

let location = ''
let quirks: QuirksUpstream
let instance: ConsoleProcess
let base = ''

beforeAll(async () => {
  location = await testStoreLocation({ file: true })
  const store = await openStore(location)
  try {
    await store.users.add({ email: EMAIL, role: 'admin', passwordHash: await hashPassword(PASSWORD), now: Date.now() })
  } finally {
    await store.close()
  }
  quirks = await startQuirksUpstream()
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  instance = consoleProcess({
    port,
    logFile: `${makeDist()}/console.log`,
    env: {
      ...(onPostgres() ? { CONSOLE_DATABASE_URL: location } : { CONSOLE_DB: location }),
      VOICE_API_BASE_URL: quirks.url,
      VOICE_API_KEY: 'quirks-key',
      DASHBOARD_DIST: makeDist(),
      CONSOLE_PUBLIC_URL: base,
      CONSOLE_LOG: 'off',
    },
  })
  await instance.start()
}, 120_000)
afterAll(async () => {
  await instance?.kill()
  await quirks?.close()
})

/** Signs in and returns the session cookie. */
async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-voice-console': '1' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  })
  expect(res.status).toBe(200)
  return (res.headers.getSetCookie()[0] ?? '').split(';')[0] ?? ''
}

const place = (cookie: string) =>
  fetch(`${base}/api/v1/voice/calls`, {
    method: 'POST',
    headers: {
      cookie,
      origin: base,
      'sec-fetch-site': 'same-origin',
      'x-voice-console': '1',
      'content-type': 'application/json',
      'idempotency-key': KEY,
    },
    body: JSON.stringify(PLACEMENT),
  })

async function auditOf(cookie: string, action: string): Promise<AuditEntry[]> {
  const res = await fetch(`${base}/api/console/audit?action=${action}`, { headers: { cookie } })
  expect(res.status).toBe(200)
  return ((await res.json()) as AuditPage).entries
}

async function verified() {
  const store = await openStore(location)
  try {
    return await verifyAuditTrail(store)
  } finally {
    await store.close()
  }
}

it('leaves "forwarded, answer unknown" after a kill -9, and the retry with the same key completes it', async () => {
  // The service takes the placement and never answers.
  quirks.set({ hang: { paths: '^/calls$', what: 'headers' } })
  const cookie = await signIn()
  const held = place(cookie).catch((error: unknown) => error)
  await eventually(() => expect(quirks.seen).toContain('POST /api/v1/voice/calls'))
  await instance.kill()
  expect(await held).toBeInstanceOf(Error)

  quirks.reset()
  await instance.start()
  const again = await signIn()
  const [forwarded] = await auditOf(again, 'call.placement-forwarded')
  expect(forwarded).toMatchObject({
    actor: { email: EMAIL },
    target: PLACEMENT.destination,
    outcome: 102,
    detail: { idempotencyKey: KEY, destination: PLACEMENT.destination, callerId: PLACEMENT.caller_id },
    answeredBy: null,
  })
  for (const answer of ['call.placed', 'call.replayed', 'call.refused'])
    expect(await auditOf(again, answer), answer).toEqual([])
  expect(await verified()).toMatchObject({ ok: true })

  // The person's form sends the same key again: the answer's entry and "placed by" complete the record.
  const retry = await place(again)
  expect(retry.status).toBe(200)
  const { call_id } = (await retry.json()) as { call_id: string }
  const [placed] = await auditOf(again, 'call.placed')
  expect(placed).toMatchObject({ target: call_id, detail: { idempotencyKey: KEY } })
  const placedBy = await fetch(`${base}/api/console/placed-by?call_id=${call_id}`, { headers: { cookie: again } })
  expect(((await placedBy.json()) as { placedBy: Record<string, { email: string }> }).placedBy[call_id]).toMatchObject({
    email: EMAIL,
  })
  // The crashed placement's entry now reads as answered, by the retry's answer.
  const crashed = (await auditOf(again, 'call.placement-forwarded')).find((entry) => entry.seq === forwarded?.seq)
  expect(crashed?.answeredBy).toBe(placed?.seq)
  expect(await verified()).toMatchObject({ ok: true })
}, 180_000)
