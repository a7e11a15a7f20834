// Time limits and states a page can always leave, against a voice service we did not write: an answer
// that never comes or never ends is a 504 the person reads with Retry within seconds of the console
// giving up; a 429 says the service asked to slow down and when the next try is; a status nobody here
// knows is named as such, with what the service gave and no clock.
import { expect, type Page, test } from '@playwright/test'
import { QUIRK_CALL_IDS, resetQuirks, seenByQuirks, setQuirks, UNKNOWN_STATUS } from '../support/quirks'
import { QUIRKS_UPSTREAM_TIMEOUT_MS } from '../support/servers'

test.beforeEach(() => resetQuirks())

const LIMIT_S = QUIRKS_UPSTREAM_TIMEOUT_MS / 1000
const callPage = (page: Page, id: string = QUIRK_CALL_IDS.recorded) => page.goto(`/calls/${id}`)
/** The call page's error, with its words and Retry. */
const callError = (page: Page) => page.getByRole('alert').filter({ hasText: 'This call could not be loaded' })

for (const [what, words] of [
  ['headers', `The voice service did not answer within ${LIMIT_S} seconds.`],
  ['body', `The voice service did not finish its answer within ${LIMIT_S} seconds.`],
] as const) {
  test(`a call whose answer hangs (${what}) shows the console's 504 with Retry within seconds, and Retry loads it`, async ({
    page,
  }) => {
    await setQuirks({ hang: { paths: '^/calls/', what } })
    const before = (await seenByQuirks()).length
    await callPage(page)
    const error = callError(page)
    await expect(error).toBeVisible({ timeout: 60_000 })
    await expect(error).toContainText(words)
    // Within seconds of the console giving up, not after tries of its own or the page's, each of which would wait
    // out the limit again: counted, not timed. Each of the call's two reads reached the service once, or twice when
    // another read answered meanwhile and the page read again as the service seemed back (service-recovery.ts).
    const asked = (await seenByQuirks()).slice(before).filter((line) => line.includes(QUIRK_CALL_IDS.recorded))
    const call = `GET /api/v1/voice/calls/${QUIRK_CALL_IDS.recorded}`
    for (const read of [call, `${call}/status`]) {
      const times = asked.filter((line) => line === read).length
      expect(times, `${read} in ${asked.join(', ')}`).toBeGreaterThanOrEqual(1)
      expect(times, `${read} in ${asked.join(', ')}`).toBeLessThanOrEqual(2)
    }

    await resetQuirks()
    // Retry loads it; so may the page by itself, once its probe finds the service answering again (a 504 marks the
    // service as not answering), which can take the Retry away as it is pressed. Either way the call shows.
    await error
      .getByRole('button', { name: 'Retry' })
      .click({ timeout: 5_000 })
      .catch(() => undefined)
    await expect(page.getByRole('heading', { level: 1, name: /^Call to / })).toBeVisible({ timeout: 30_000 })
  })
}

/** The banner every page shows while the service's Retry-After holds requests, and its seconds. */
async function slowDownSeconds(page: Page): Promise<number> {
  const notice = page.getByRole('status').filter({ hasText: 'the voice service asked us to slow down' })
  await expect(notice).toBeVisible()
  await expect(notice).toHaveText(/^Requests paused: the voice service asked us to slow down\. Next try in \d+ s\.$/)
  return Number(/Next try in (\d+) s/.exec(await notice.innerText())?.[1])
}

test('a call page refused with 429 says the service asked to slow down and when, then loads once it may', async ({
  page,
}) => {
  await setQuirks({ rateLimit: { paths: '^/calls/', retryAfterSeconds: 6 } })
  await callPage(page)
  const first = await slowDownSeconds(page)
  expect(first).toBeGreaterThan(0)
  expect(first).toBeLessThanOrEqual(6)
  // Not a bare skeleton: the words stay while the page waits, and the seconds count down.
  await expect.poll(() => slowDownSeconds(page)).toBeLessThan(first)

  await resetQuirks()
  await expect(page.getByRole('heading', { level: 1, name: /^Call to / })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('status').filter({ hasText: 'asked us to slow down' })).toHaveCount(0)
})

test('the usage page refused with 429 says the same, with its time', async ({ page }) => {
  await setQuirks({ rateLimit: { paths: '^/(usage|account)', retryAfterSeconds: 20 } })
  await page.goto('/usage')
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible()
  const seconds = await slowDownSeconds(page)
  expect(seconds).toBeGreaterThan(10)
  expect(seconds).toBeLessThanOrEqual(20)
})

test('a call with a status the spec does not list is named as unknown, with its duration and billed minutes, and no clock', async ({
  page,
}) => {
  await callPage(page, QUIRK_CALL_IDS.unknownStatus)
  const state = page.getByRole('region', { name: 'Status' })
  await expect(state).toContainText(`Unknown status ${UNKNOWN_STATUS} from the service`)
  await expect(state).toContainText('does not say whether the call is still going or has ended')
  await expect(state).toContainText('Checked again once a minute, 10 times at most.')
  await expect(state.getByText('Duration', { exact: true })).toBeVisible()
  await expect(state).toContainText('0:42')
  await expect(state).toContainText('1 minute')
  // Never claimed to be in progress: no ticking clock, no "Live updates", no steps toward an ending.
  await expect(page.getByRole('timer')).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Call progress' })).toHaveCount(0)
  await page.waitForTimeout(1_500)
  await expect(page.getByRole('timer')).toHaveCount(0)

  // Nor is its recording promised for "when the call ends": the service was asked, and had none.
  await expect(page.getByRole('region', { name: 'Recording' })).toContainText('This call was not recorded.')

  const details = page.getByRole('region', { name: 'Details' })
  const field = (label: string) =>
    details
      .locator('dl > div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .getByRole('definition')
  await expect(field('Duration')).toHaveText('0:42')
  await expect(field('Billed minutes')).toHaveText('1 minute')
})

test("a call page whose service answers an HTML error page shows the service's failure in words, not its markup", async ({
  page,
}) => {
  await setQuirks({ outage: true })
  await callPage(page)
  const error = callError(page)
  await expect(error).toContainText('The voice service answered 500 Internal Server Error.', { timeout: 15_000 })
  await expect(error).not.toContainText('<')
  await expect(error).not.toContainText('nginx')
})

test("a key the service refuses keeps the person signed in, and says an admin checks the console's key", async ({
  page,
}) => {
  await setQuirks({ keyRefused: true })
  await callPage(page)
  const error = callError(page)
  // At once: the console marks a refused key as lasting, so the page does not retry it first.
  await expect(error).toContainText("does not accept the console's API key", { timeout: 5_000 })
  await expect(error).toContainText('VOICE_API_KEY')
  await expect(page.getByRole('region', { name: 'Signed in' }).getByRole('button', { name: /@/ })).toBeVisible()
  await expect(page).toHaveURL(/\/calls\//)

  await resetQuirks()
  await error.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Call to / })).toBeVisible()
})
