// Each event the issue lists is recorded with the right actor and outcome, through the
// console in front of the real simulator; then the admin's page, filters and CSV export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditAction, AuditPage } from '../../../src/api/contract/audit-schemas'
import { DEFAULT_THROTTLE } from '../auth/sign-in-throttle'
import { createTestConsole, expectProblem, type TestConsole } from '../test-support/console-app'
import { indexCalls } from '../test-support/indexed-calls'
import { ACME_KEY, type SimulatorProcess, startSimulatorProcess } from '../test-support/simulator-process'
import { findSamples, type Samples } from '../test-support/voice-samples'
import { verifyAuditTrail } from './verify'

const COMPLETES = '+15005550006'
let sim: SimulatorProcess
let t: TestConsole
let samples: Samples
const cookie = { support: '', manager: '', admin: '' }
const ids = { support: '', manager: '', admin: '' }

beforeAll(async () => {
  sim = await startSimulatorProcess()
  t = await createTestConsole({
    upstream: sim.url,
    apiKey: ACME_KEY,
    throttle: { ...DEFAULT_THROTTLE, accountFailures: 2, windowMs: 60_000, lockMs: 60_000 },
  })
  samples = await findSamples(sim)
  for (const role of ['support', 'manager', 'admin'] as const) {
    ids[role] = (await t.addUser(`${role}@example.com`, role)).id
    cookie[role] = await t.signIn(`${role}@example.com`)
  }
}, 60_000)
afterAll(async () => {
  await sim?.stop()
})

/** The newest entries of one action, newest first. */
const entriesOf = (action: AuditAction) => t.store.audit.page({ action }, 100)

const placeCall = (who: keyof typeof cookie, key: string) =>
  t.request('/api/v1/voice/calls', {
    cookie: cookie[who],
    headers: { 'idempotency-key': key, 'user-agent': 'audit-test' },
    json: { caller_id: samples.callerId, destination: COMPLETES },
  })

describe('the audit trail records', () => {
  it('sign-ins with their outcome, keeping the reason of a failure from the person', async () => {
    const [success] = await entriesOf('sign-in.succeeded')
    expect(success).toMatchObject({ actor_email: 'admin@example.com', actor_role: 'admin', outcome: 200 })

    const res = await t.request('/api/console/sign-in', { json: { email: 'support@example.com', password: 'wrong' } })
    const body = await expectProblem(res, 401)
    expect(JSON.stringify(body)).not.toMatch(/wrong password/)
    const [failure] = await entriesOf('sign-in.failed')
    expect(failure).toMatchObject({ actor_user_id: null, target: 'support@example.com', outcome: 401 })
    expect(JSON.parse(failure?.detail ?? '{}')).toEqual({ reason: 'wrong password' })

    await t.request('/api/console/sign-in', { json: { email: 'nobody@example.com', password: 'x' } })
    expect(JSON.parse((await entriesOf('sign-in.failed'))[0]?.detail ?? '{}')).toEqual({ reason: 'no such account' })
  })

  it('a lockout, once however many attempts it refuses', async () => {
    for (let n = 0; n < 4; n++)
      await t.request('/api/console/sign-in', { json: { email: 'manager@example.com', password: 'wrong' } })
    const locked = await entriesOf('sign-in.account-locked')
    expect(locked).toHaveLength(1)
    expect(locked[0]).toMatchObject({ target: 'manager@example.com', outcome: 429 })
  })

  it('a sign-out, by the person who signed out', async () => {
    const extra = await t.signIn('admin@example.com')
    expect((await t.request('/api/console/sign-out', { method: 'POST', cookie: extra })).status).toBe(204)
    const [entry] = await entriesOf('sign-out')
    expect(entry).toMatchObject({ actor_email: 'admin@example.com', outcome: 204 })
  })

  it('a call placed, with its call id and Idempotency-Key, and a replayed key as a replay', async () => {
    const key = `audit-${Date.now()}`
    const res = await placeCall('support', key)
    expect(res.status).toBe(201)
    const { call_id } = (await res.json()) as { call_id: string }
    const [placed] = await entriesOf('call.placed')
    expect(placed).toMatchObject({
      actor_email: 'support@example.com',
      action: 'call.placed',
      target: call_id,
      outcome: 201,
      user_agent: 'audit-test',
    })
    // Its first entry, written before the service was asked: who, the key and the numbers, no answer yet.
    const [forwarded] = await entriesOf('call.placement-forwarded')
    expect(forwarded).toMatchObject({
      actor_email: 'support@example.com',
      target: COMPLETES,
      outcome: 102,
      user_agent: 'audit-test',
    })
    expect(JSON.parse(forwarded?.detail ?? '{}')).toEqual({
      idempotencyKey: key,
      destination: COMPLETES,
      callerId: samples.callerId,
    })
    expect(forwarded?.seq).toBeLessThan(placed?.seq ?? 0)
    expect(JSON.parse(placed?.detail ?? '{}')).toEqual({ idempotencyKey: key, forwardedEntry: forwarded?.seq })

    const again = await placeCall('support', key)
    expect(((await again.json()) as { call_id: string }).call_id).toBe(call_id)
    const [replayed] = await entriesOf('call.replayed')
    expect(replayed).toMatchObject({ target: call_id, actor_email: 'support@example.com' })
    const [forwardedAgain] = await entriesOf('call.placement-forwarded')
    expect(JSON.parse(replayed?.detail ?? '{}')).toEqual({ idempotencyKey: key, forwardedEntry: forwardedAgain?.seq })
    // The page says which entry answered each: the first answer of the key, for both.
    const page = await t.request('/api/console/audit?action=call.placement-forwarded&limit=2', { cookie: cookie.admin })
    const shown = ((await page.json()) as AuditPage).entries
    expect(shown.map((entry) => [entry.seq, entry.answeredBy])).toEqual([
      [forwardedAgain?.seq, replayed?.seq],
      [forwarded?.seq, placed?.seq],
    ])
    expect((await entriesOf('call.placed')).filter((entry) => entry.target === call_id)).toHaveLength(1)
  })

  it('who placed each call, and nobody for a call placed through the API directly', async () => {
    const mine = (await (await placeCall('support', `placed-by-${Date.now()}`)).json()) as { call_id: string }
    const direct = await fetch(`${sim.url}/api/v1/voice/calls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ caller_id: samples.callerId, destination: COMPLETES }),
    })
    const theirs = (await direct.json()) as { call_id: string }
    const res = await t.request(`/api/console/placed-by?call_id=${mine.call_id}&call_id=${theirs.call_id}`, {
      cookie: cookie.manager,
    })
    expect(await res.json()).toEqual({
      placedBy: { [mine.call_id]: { userId: ids.support, email: 'support@example.com' } },
    })
    const tooMany = Array.from({ length: 101 }, (_, n) => `call_id=call_${n}`).join('&')
    await expectProblem(await t.request(`/api/console/placed-by?${tooMany}`, { cookie: cookie.manager }), 400)
  })

  it('a verification started', async () => {
    const res = await t.request('/api/v1/voice/caller-ids', {
      cookie: cookie.admin,
      headers: { 'idempotency-key': `verify-${Date.now()}` },
      json: { phone_number: '+14155550142' },
    })
    const [entry] = await entriesOf('caller-id.verification-started')
    expect(entry).toMatchObject({ actor_email: 'admin@example.com', outcome: res.status })
    if (res.ok) expect(entry?.target).toBe('+14155550142')
  })

  it('one play per person, recording and play id, not every range request; other fetches of audio as downloads', async () => {
    const played = (await entriesOf('recording.played')).length
    const downloaded = (await entriesOf('recording.downloaded')).length
    const fetchAs = async (who: keyof typeof cookie, playId: string | null, range?: string) => {
      const path = playId ? `${samples.recordingPath}&console_play=${playId}` : samples.recordingPath
      const res = await t.request(path, { cookie: cookie[who], headers: range ? { range } : {} })
      expect([200, 206]).toContain(res.status)
      await res.arrayBuffer()
    }
    // A play: the first fetch, a seek's range, the waveform's whole download.
    await fetchAs('manager', 'aaaaaaaa11111111', 'bytes=0-99')
    await fetchAs('manager', 'aaaaaaaa11111111', 'bytes=5000-')
    await fetchAs('manager', 'aaaaaaaa11111111')
    // The same page's play id from another person is their play; a new page load makes a new id.
    await fetchAs('support', 'aaaaaaaa11111111')
    await fetchAs('manager', 'bbbbbbbb22222222', 'bytes=0-99')
    const plays = (await entriesOf('recording.played')).slice(0, 3)
    expect(plays).toHaveLength(3)
    expect((await entriesOf('recording.played')).length - played).toBe(3)
    expect(plays.map((entry) => [entry.actor_email, entry.target, JSON.parse(entry.detail ?? '{}').playId])).toEqual([
      ['manager@example.com', samples.callId, 'bbbbbbbb22222222'],
      ['support@example.com', samples.callId, 'aaaaaaaa11111111'],
      ['manager@example.com', samples.callId, 'aaaaaaaa11111111'],
    ])

    // Audio fetched without a play id (the Download link, curl, a made-up id) is on the record as a download, each time.
    await fetchAs('manager', null)
    await fetchAs('manager', null, 'bytes=0-99')
    await fetchAs('support', 'not an id')
    const downloads = await entriesOf('recording.downloaded')
    expect(downloads.length - downloaded).toBe(3)
    expect(downloads.slice(0, 3).map((entry) => [entry.actor_email, entry.target])).toEqual([
      ['support@example.com', samples.callId],
      ['manager@example.com', samples.callId],
      ['manager@example.com', samples.callId],
    ])
    // Headers only, no audio: nothing to record.
    const head = await t.request(samples.recordingPath, { cookie: cookie.manager, method: 'HEAD' })
    expect(head.status).toBe(200)
    expect((await entriesOf('recording.downloaded')).length - downloaded).toBe(3)
    expect((await entriesOf('recording.played')).length - played).toBe(3)
  })

  it('a request refused for the role, and one refused as cross-site, with who sent them', async () => {
    await expectProblem(await t.request('/api/console/audit', { cookie: cookie.support }), 403)
    const [forbidden] = await entriesOf('request.forbidden')
    expect(forbidden).toMatchObject({ actor_email: 'support@example.com', outcome: 403 })
    expect(forbidden?.target).toMatch(/^GET \/api\/console\/audit/)

    await expectProblem(
      await t.request('/api/v1/voice/calls', {
        cookie: cookie.support,
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        json: { caller_id: samples.callerId, destination: COMPLETES },
      }),
      403,
    )
    const [crossSite] = await entriesOf('request.cross-site-refused')
    expect(crossSite).toMatchObject({
      actor_email: 'support@example.com',
      target: 'POST /api/v1/voice/calls',
      outcome: 403,
    })
  })
})

describe('the Audit log API', () => {
  it('pages newest first with a cursor, filtered by person and action', async () => {
    const first = await t.request(`/api/console/audit?user=${ids.support}&limit=2`, { cookie: cookie.admin })
    const page = (await first.json()) as { entries: { seq: number; actor: { email: string } }[]; nextCursor: string }
    expect(page.entries).toHaveLength(2)
    expect(page.entries.every((entry) => entry.actor.email === 'support@example.com')).toBe(true)
    expect(page.entries[0]?.seq).toBeGreaterThan(page.entries[1]?.seq ?? 0)
    const next = await t.request(`/api/console/audit?user=${ids.support}&limit=2&cursor=${page.nextCursor}`, {
      cookie: cookie.admin,
    })
    const older = (await next.json()) as { entries: { seq: number }[] }
    expect(older.entries[0]?.seq).toBeLessThan(page.entries[1]?.seq ?? 0)

    const placed = await t.request('/api/console/audit?action=call.placed', { cookie: cookie.admin })
    const body = (await placed.json()) as { entries: { action: string }[] }
    expect(body.entries.length).toBeGreaterThan(0)
    expect(new Set(body.entries.map((entry) => entry.action))).toEqual(new Set(['call.placed']))
  })

  it('finds entries by any part of a call id, a call’s number, a person or an action', async () => {
    const placed = await placeCall('support', `audit-search-${Date.now()}`)
    const { call_id } = (await placed.json()) as { call_id: string }
    // The call index knows the call's numbers (the sync would list it; here through the store's own writes).
    await indexCalls(t.store, [{ call_id, created_at: new Date().toISOString(), destination: COMPLETES }])
    type Entry = { action: string; target: string | null; actor: { email: string } | null }
    const search = async (q: string) => {
      const res = await t.request(`/api/console/audit?q=${encodeURIComponent(q)}`, { cookie: cookie.admin })
      expect(res.status).toBe(200)
      return ((await res.json()) as { entries: Entry[] }).entries
    }
    const byId = await search(call_id.slice(2, -2))
    expect(byId.map((entry) => [entry.action, entry.target])).toContainEqual(['call.placed', call_id])
    expect(byId.every((entry) => entry.target?.includes(call_id.slice(2, -2)))).toBe(true)
    // By its number as a person types it: the entries of the calls to it.
    const byNumber = await search('(500) 555-0006')
    expect(byNumber.map((entry) => entry.target)).toContain(call_id)
    const bySomeoneElse = await search('(500) 555-0007')
    expect(bySomeoneElse.map((entry) => entry.target)).not.toContain(call_id)
    // By a person, any part of their email; by an action, in its words.
    const byPerson = await search('SUPPORT@example')
    expect(byPerson.length).toBeGreaterThan(0)
    expect(byPerson.every((entry) => `${entry.actor?.email} ${entry.target}`.includes('support@example'))).toBe(true)
    const byAction = await search('call placed')
    expect(new Set(byAction.map((entry) => entry.action))).toEqual(new Set(['call.placed']))
    // LIKE's own characters are literal.
    expect(await search('%')).toEqual([])
  })

  it('answers a bad filter with a 400 that says which', async () => {
    const res = await t.request('/api/console/audit?action=everything&from=yesterday', { cookie: cookie.admin })
    const body = (await expectProblem(res, 400)) as unknown as { errors: { field: string }[] }
    expect(body.errors.map((error) => error.field).sort()).toEqual(['action', 'from'])
  })

  it('exports every matching entry as RFC 4180 CSV, formulas neutralised, and audits the export', async () => {
    await t.request('/api/console/sign-in', { json: { email: '=HYPERLINK("http://evil")', password: 'x' } })
    const res = await t.request('/api/console/audit/export.csv?action=sign-in.failed', { cookie: cookie.admin })
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="audit-log_\d{4}-\d{2}-\d{2}\.csv"/)
    const bytes = new Uint8Array(await res.arrayBuffer())
    // UTF-8 with its byte order mark, as a spreadsheet opens it; the header in words.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    const lines = text.split('\r\n').filter(Boolean)
    expect(lines[0]).toMatch(/^"Entry number","Time \(UTC\)","Actor email"/)
    const failures = await entriesOf('sign-in.failed')
    expect(lines).toHaveLength(failures.length + 1)
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`)
    // The action and the outcome in words, each beside the code the trail keeps.
    expect(lines[0]).toContain('"Action","Action (code)","Target","Outcome","Outcome (HTTP status)"')
    expect(lines[1]).toMatch(/"Sign-in failed","sign-in\.failed",[^\n]*"Not signed in","401"/)

    const [exported] = await entriesOf('audit.exported')
    expect(exported).toMatchObject({ actor_email: 'admin@example.com', outcome: 200 })
    expect(JSON.parse(exported?.detail ?? '{}')).toEqual({
      filters: { action: 'sign-in.failed' },
      rows: failures.length,
      complete: true,
    })
  })

  it('exports plain UTF-8 when asked with bom=0, and refuses any other bom', async () => {
    const plain = await t.request('/api/console/audit/export.csv?bom=0', { cookie: cookie.admin })
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await plain.arrayBuffer())).toMatch(/^"Entry number"/)
    const refused = await expectProblem(
      await t.request('/api/console/audit/export.csv?bom=2', { cookie: cookie.admin }),
      400,
    )
    expect(JSON.stringify(refused.errors)).toContain('"bom"')
  })

  it('refuses an export that a link on another site asked for, and audits the refusal', async () => {
    const before = (await entriesOf('audit.exported')).length
    const res = await t.request('/api/console/audit/export.csv', {
      cookie: cookie.admin,
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    await expectProblem(res, 403)
    expect(await entriesOf('audit.exported')).toHaveLength(before)
    expect((await entriesOf('request.cross-site-refused'))[0]).toMatchObject({ actor_email: 'admin@example.com' })
  })

  it('is for admins only', async () => {
    await expectProblem(await t.request('/api/console/audit/export.csv', { cookie: cookie.manager }), 403)
    await expectProblem(await t.request('/api/console/audit/actors', { cookie: cookie.support }), 403)
    await expectProblem(await t.request('/api/console/audit'), 401)
  })

  it('leaves a chain that verifies after all of the above', async () => {
    expect(await verifyAuditTrail(t.store)).toMatchObject({ ok: true })
  })
})
