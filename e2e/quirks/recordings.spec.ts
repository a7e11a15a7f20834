// A voice service that keeps its recordings on an origin of its own, and a console set up with no storage
// setting at all: the recording plays through the console, with its waveform, whether or not the storage host
// sends CORS headers; the browser never fetches the storage origin. An origin the console does not serve is
// named, with the setting an admin changes, instead of a failed network request.
import type { AuditPage } from '../../src/api/contract/audit-schemas'
import { QUIRK_CALL_IDS, resetQuirks, setQuirks } from '../support/quirks'
import { recordingPlayer } from '../support/recording'
import { origin, ports } from '../support/servers'
import { type APIRequestContext, expect, type Page, test } from '../support/test'

const STORAGE_ORIGIN = origin(ports.quirksStorage)
const CALL = QUIRK_CALL_IDS.recorded

test.beforeEach(() => resetQuirks())

async function playsOf(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/console/audit?action=recording.played&limit=200')
  expect(response.ok()).toBe(true)
  const { entries } = (await response.json()) as AuditPage
  return entries.filter((entry) => entry.target === CALL).length
}

/** Every request the page sends to the storage origin itself: there must be none. */
function watchStorageOrigin(page: Page): string[] {
  const direct: string[] = []
  page.on('request', (r) => {
    if (r.url().startsWith(STORAGE_ORIGIN)) direct.push(r.url())
  })
  return direct
}

for (const storageCors of [false, true]) {
  test(`a recording on another origin plays with its waveform, the storage host ${storageCors ? 'with' : 'without'} CORS`, async ({
    page,
    request,
  }) => {
    await setQuirks({ storageCors })
    const direct = watchStorageOrigin(page)
    const playsBefore = await playsOf(request)
    await page.goto(`/calls/${CALL}`)
    const { recording, play, waveformCanvas } = recordingPlayer(page)
    await expect(play).toBeEnabled()
    await play.click()

    const audio = recording.locator('audio')
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.2)
    await expect(waveformCanvas).toBeVisible()
    await expect(recording.getByRole('alert')).toHaveCount(0)
    await expect(recording.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /\/storage-proxy\?url=/)
    expect(direct).toEqual([])
    // One play on the audit trail, as for a recording on the console's own origin.
    await expect.poll(() => playsOf(request)).toBe(playsBefore + 1)
  })
}

test('a recording on an origin the console does not serve names the setting an admin changes', async ({ page }) => {
  // The page is handed a link on an origin that this console never saw in an answer of the service
  // (nor is it configured): the console refuses it, and the page says so in the console's words.
  const elsewhere = 'http://127.0.0.1:9/recordings/call_q_recorded.wav?signature=elsewhere'
  await page.route(`**/api/v1/voice/calls/${CALL}/recordings`, async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { recordings: { url: string }[] }
    for (const recording of body.recordings) recording.url = elsewhere
    await route.fulfill({ response, json: body })
  })
  await page.goto(`/calls/${CALL}`)
  const { recording, play } = recordingPlayer(page)
  await play.click()
  const alert = recording.getByRole('alert')
  await expect(alert).toContainText('This recording cannot be played here')
  await expect(alert).toContainText(
    'This recording is kept at http://127.0.0.1:9; the console serves recordings only from',
  )
  await expect(alert).toContainText('Ask an admin to add it to CONSOLE_STORAGE_ORIGINS.')
  await expect(alert).not.toContainText('network request failed')
})
