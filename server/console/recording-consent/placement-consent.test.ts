// Consent to recording enforced in the console's proxy, in front of the real simulator: a recorded call to a number
// in a consent region goes to the service only with the agent's confirmation, which the trail keeps with who gave it;
// an unrecorded call, or one elsewhere, is not asked. And the order of the refusals: the do-not-call list first, then
// consent, then the calling hours (so a refusal for want of consent leaves an admin's one call outside them unused).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditAction } from '../../../src/api/contract/audit-schemas'
import { CALLING_HOURS } from '../../../src/api/contract/calling-hours-schemas'
import { RECORDING_CONSENT_CONFIRMED, RECORDING_CONSENT_HEADER } from '../../../src/api/contract/console-schemas'
import { DO_NOT_CALL } from '../../../src/api/contract/do-not-call-schemas'
import { RECORDING_CONSENT } from '../../../src/api/contract/recording-notice-schemas'
import { parseCallingWindow } from '../calling-hours/calling-window'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'
import {
  ACME_KEY,
  type SimulatorProcess,
  startSimulatorProcess,
  upstreamCounts,
} from '../test-support/simulator-process'
import { findSamples } from '../test-support/voice-samples'
import { parseConsentRegions } from './consent-regions'

// 10:00 in Paris, 01:00 in San Francisco (UTC-8 in December): calling hours 08:00-21:00 let Paris through only.
const clock = fakeClock(Date.parse('2026-12-07T09:00:00Z'))
const PARIS = '+33142685300'
const SAN_FRANCISCO = '+14155550199'
const recording = { notice: true, consentRegions: parseConsentRegions('FR, de') }
const confirmed = { [RECORDING_CONSENT_HEADER]: RECORDING_CONSENT_CONFIRMED }

let sim: SimulatorProcess
let t: TestConsole
let sam: string
let ana: string
let callerId: string

beforeAll(async () => {
  sim = await startSimulatorProcess()
  t = await createTestConsole({ upstream: sim.url, apiKey: ACME_KEY, now: clock.now, liveHub: null, recording })
  await t.addUser('sam@example.com', 'support')
  sam = await t.signIn('sam@example.com')
  await t.addUser('ana@example.com', 'admin')
  ana = await t.signIn('ana@example.com')
  ;({ callerId } = await findSamples(sim))
}, 60_000)
afterAll(async () => {
  await t?.store.close()
  await sim?.stop()
})

const place = (
  on: TestConsole,
  destination: string,
  key: string,
  { record, headers = {} }: { record: boolean; headers?: Record<string, string> },
) =>
  on.request('/api/v1/voice/calls', {
    cookie: on === t ? sam : undefined,
    headers: { 'idempotency-key': key, ...headers },
    json: { caller_id: callerId, destination, record },
  })

const entries = (on: TestConsole, action: AuditAction) => on.store.audit.page({ action }, 20)

describe('a recorded call to a number in a consent region', () => {
  it('is refused 403 in words without the agent’s confirmation, nothing reaches the service, and it is audited', async () => {
    const before = await upstreamCounts(sim)
    const refused = await place(t, PARIS, 'consent-missing', { record: true })
    const problem = await expectProblem(refused, 403)
    expect(problem).toMatchObject({
      type: RECORDING_CONSENT,
      title: 'Confirm the callee agreed to be recorded',
      country: 'FR',
    })
    expect(problem.detail).toBe(
      'Calls to FR numbers are recorded only once you confirm the callee agreed to be recorded. Ask them, tick "The callee agreed to be recorded", and place the call again; or place it without recording. Nothing was called.',
    )
    expect(await upstreamCounts(sim)).toEqual(before)
    expect(await entries(t, 'call.placement-forwarded')).toHaveLength(0)
    const [entry] = await entries(t, 'call.recording-consent-refused')
    expect(entry).toMatchObject({ actor_email: 'sam@example.com', target: PARIS, outcome: 403 })
    // Any other value of the header is no confirmation.
    expect(
      (await place(t, PARIS, 'consent-yes', { record: true, headers: { [RECORDING_CONSENT_HEADER]: 'yes' } })).status,
    ).toBe(403)
  })

  it('is placed with the confirmation, and the trail says who confirmed it before the placement', async () => {
    const before = await upstreamCounts(sim)
    const placed = await place(t, PARIS, 'consent-given', { record: true, headers: confirmed })
    expect(placed.status, await placed.clone().text()).toBe(201)
    expect((await upstreamCounts(sim)).calls).toBe(before.calls + 1)
    const [consent] = await entries(t, 'call.recording-consent-confirmed')
    expect(consent).toMatchObject({ actor_email: 'sam@example.com', target: PARIS, outcome: 200 })
    expect(JSON.parse(consent?.detail ?? 'null')).toEqual({ idempotencyKey: 'consent-given', country: 'FR' })
    const [forwarded] = await entries(t, 'call.placement-forwarded')
    expect(forwarded?.seq).toBeGreaterThan(consent?.seq ?? Number.POSITIVE_INFINITY)
  })

  it('is not asked of an unrecorded call there, nor of a recorded call elsewhere', async () => {
    const asked = (await entries(t, 'call.recording-consent-refused')).length
    expect((await place(t, PARIS, 'consent-unrecorded', { record: false })).status).toBe(201)
    expect((await place(t, SAN_FRANCISCO, 'consent-elsewhere', { record: true })).status).toBe(201)
    expect(await entries(t, 'call.recording-consent-refused')).toHaveLength(asked)
    expect(await entries(t, 'call.recording-consent-confirmed')).toHaveLength(1)
  })
})

describe('GET /api/console/recording-notice', () => {
  it('tells the page the reminder and whether the number’s country asks for consent', async () => {
    const ask = async (query: string) =>
      (await t.request(`/api/console/recording-notice${query}`, { cookie: sam })).json()
    expect(await ask('')).toEqual({ notice: true, consent_required: false, country: null })
    expect(await ask(`?phone_number=${encodeURIComponent(PARIS)}`)).toEqual({
      notice: true,
      consent_required: true,
      country: 'FR',
    })
    expect(await ask(`?phone_number=${encodeURIComponent(SAN_FRANCISCO)}`)).toEqual({
      notice: true,
      consent_required: false,
      country: 'US',
    })
    const invalid = await t.request('/api/console/recording-notice?phone_number=0142685300', { cookie: sam })
    await expectProblem(invalid, 400)
  })
})

describe('the order of the refusals', () => {
  it('names the do-not-call list before consent', async () => {
    const listed = await t.request('/api/console/do-not-call', {
      cookie: ana,
      json: { phone_number: '+33142685301', reason: 'asked by letter' },
    })
    expect(listed.status).toBe(201)
    const refused = await place(t, '+33142685301', 'consent-listed', { record: true })
    expect(await expectProblem(refused, 403)).toMatchObject({ type: DO_NOT_CALL })
  })

  it('names consent before the calling hours, and leaves an admin’s one call outside them unused', async () => {
    const hours = await createTestConsole({
      store: t.store,
      upstream: sim.url,
      apiKey: ACME_KEY,
      now: clock.now,
      liveHub: null,
      recording,
      // 10:00 in Paris is outside this window.
      callingHours: { window: parseCallingWindow('12:00-21:00'), byCountry: new Map() },
    })
    const samHere = await hours.signIn('sam@example.com')
    const anaHere = await hours.signIn('ana@example.com')
    const allowed = await hours.request('/api/console/calling-hours/exceptions', {
      cookie: anaHere,
      json: { phone_number: PARIS, reason: 'the callee asked for a call now' },
    })
    expect(allowed.status).toBe(201)
    const placeHere = (key: string, headers: Record<string, string> = {}) =>
      hours.request('/api/v1/voice/calls', {
        cookie: samHere,
        headers: { 'idempotency-key': key, ...headers },
        json: { caller_id: callerId, destination: PARIS, record: true },
      })
    expect(await expectProblem(await placeHere('order-no-consent'), 403)).toMatchObject({ type: RECORDING_CONSENT })
    expect(await entries(hours, 'calling-hours.exception-used')).toHaveLength(0)
    // Confirmed, the admin's exception lets it through; once used, the hours refuse the next.
    expect((await placeHere('order-consent', confirmed)).status).toBe(201)
    expect(await entries(hours, 'calling-hours.exception-used')).toHaveLength(1)
    expect(await expectProblem(await placeHere('order-consent-again', confirmed), 403)).toMatchObject({
      type: CALLING_HOURS,
    })
  })
})
