// Recordings past CONSOLE_RETENTION_RECORDINGS_DAYS, through the console's storage proxy to the quirks upstream's
// storage on its own origin, at a clock the test moves: served while the call is younger than the window, then a
// 410 problem+json with the sentence the player shows; a call the console cannot date yet is a 503 to retry.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { consoleRecordingUrl, RECORDING_PAST_RETENTION } from '../../../src/api/contract/recording-links'
import { createTestConsole, expectProblem, fakeClock, PUBLIC_ORIGIN } from '../test-support/console-app'
import { indexCalls } from '../test-support/indexed-calls'
import { QUIRK_CALL_IDS } from '../test-support/quirks-catalogue'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'

const DAY = 24 * 60 * 60_000
const PLACED = Date.parse('2026-05-21T09:30:00Z')

let upstream: QuirksUpstream
beforeAll(async () => {
  upstream = await startQuirksUpstream()
})
afterAll(() => upstream?.close())

async function consoleAt(start: number, recordingsDays: number | null) {
  const clock = fakeClock(start)
  const t = await createTestConsole({
    upstream: upstream.url,
    apiKey: 'quirks-key',
    storageOrigins: { origins: [], learn: true, learnPrivate: true },
    retention: { callsDays: null, notesDays: null, recordingsDays },
    now: clock.now,
  })
  await t.addUser('support@example.com', 'support')
  const cookie = await t.signIn('support@example.com')
  // The service names the recording's link in an answer the console relays: its origin and call are learnt.
  const res = await t.request(`/api/v1/voice/calls/${QUIRK_CALL_IDS.recorded}/recordings`, { cookie })
  const { recordings } = (await res.json()) as { recordings: { url: string }[] }
  const url = new URL(consoleRecordingUrl(recordings[0]?.url ?? '', PUBLIC_ORIGIN) ?? '')
  let session = cookie
  const fetchRecording = () => t.request(`${url.pathname}${url.search}`, { cookie: session })
  // Days later, the session of the first sign-in has ended: a new one.
  const signInAgain = async () => {
    session = await t.signIn('support@example.com')
  }
  return { t, clock, fetchRecording, signInAgain }
}

it('serves a recording within the window, and answers 410 with a sentence once its call is older', async () => {
  const { t, clock, fetchRecording, signInAgain } = await consoleAt(PLACED + 29 * DAY, 30)
  await indexCalls(t.store, [{ call_id: QUIRK_CALL_IDS.recorded, created_at: new Date(PLACED).toISOString() }])
  const served = await fetchRecording()
  expect(served.status).toBe(200)
  expect(served.headers.get('content-type')).toBe('audio/wav')
  await served.arrayBuffer()
  const asked = upstream.storageSeen.length

  clock.advance(2 * DAY)
  await signInAgain()
  const res = await fetchRecording()
  const body = (await expectProblem(res, 410)) as { title: string; detail: string; type?: string }
  expect(body).toMatchObject({
    type: RECORDING_PAST_RETENTION,
    title: 'Recording no longer kept',
    detail:
      'Recordings are kept for 30 days; this call was placed on 2026-05-21, so the console no longer serves its recording.',
  })
  // Refused before storage is asked.
  expect(upstream.storageSeen.length).toBe(asked)
})

it('does not serve a recording whose call the console cannot date yet, and says to try again', async () => {
  const { fetchRecording } = await consoleAt(PLACED, 30)
  const res = await fetchRecording()
  const body = await expectProblem(res, 503)
  expect(res.headers.get('retry-after')).toBe('60')
  expect(body.detail).toBe(
    'Recordings are kept for 30 days, and the console does not know yet when this call was placed (its call index has not listed it). Try again in a minute.',
  )
})

it('leaves a link to an origin it does not serve to the proxy’s own refusal, which names the setting', async () => {
  const { t } = await consoleAt(PLACED, 30)
  await t.addUser('admin@example.com', 'admin')
  const cookie = await t.signIn('admin@example.com')
  const link = encodeURIComponent('https://storage.example.net/recordings/call_elsewhere.wav')
  const body = await expectProblem(await t.request(`/storage-proxy?url=${link}`, { cookie }), 403)
  expect(body).toMatchObject({ title: 'Recording host not served', setting: 'CONSOLE_STORAGE_ORIGINS' })
})

it('serves every recording, dated or not, when no window is set', async () => {
  const { fetchRecording } = await consoleAt(PLACED + 10_000 * DAY, null)
  const res = await fetchRecording()
  expect(res.status).toBe(200)
  await res.arrayBuffer()
})
