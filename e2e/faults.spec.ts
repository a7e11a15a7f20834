// A day on a bad network: the simulator answers in 0.5-2 s, fails 20% of requests
// with 503 and limits the account to FAULT_RATE_LIMIT_PER_MINUTE requests (429 with
// Retry-After). Placing and watching a call, verifying a caller ID and reading usage
// all still complete, and no request leaves before a Retry-After has passed.

import type { ListCallsResponse } from '../src/api/contract/schemas'
import { NUMBERS } from './support/api'
import { formatPhone } from './support/phone'
import { type RetryAfterLog, recordRetryAfter } from './support/retry-after'
import { DEMO_KEY, FAULT_RATE_LIMIT_PER_MINUTE, origin, ports } from './support/servers'
import { type APIRequestContext, expect, test } from './support/test'

test.describe.configure({ timeout: 300_000 })

const SIMULATOR = `${origin(ports.faultSim)}/api/v1/voice`
const AUTH = { Authorization: `Bearer ${DEMO_KEY}` }

/** Spends the account's requests for the minute, as another busy tab would, so the journey starts at the limit. */
async function useUpRateLimit(request: APIRequestContext) {
  for (let round = 0; round < 5; round++) {
    const statuses = await Promise.all(
      Array.from({ length: FAULT_RATE_LIMIT_PER_MINUTE }, () =>
        request.get(`${SIMULATOR}/account`, { headers: AUTH }).then((res) => res.status()),
      ),
    )
    if (statuses.includes(429)) return
  }
  throw new Error('The fault simulator never answered 429: is its rate limit set?')
}

/**
 * Keeps spending the account's requests, as another busy tab would, until the page has met a 429: the bucket refills
 * a request every few seconds, and a page that asks little (usage) could otherwise find one each time and never meet
 * it. Spending on after that would take every refilled request before the page's retries could (a loaded machine
 * starved the page for a minute).
 */
function keepBusy(request: APIRequestContext) {
  let busy = true
  const spending = (async () => {
    while (busy && traffic.rateLimited === 0) {
      await request.get(`${SIMULATOR}/account`, { headers: AUTH }).catch(() => undefined)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  })()
  return async () => {
    busy = false
    await spending
  }
}

let traffic: RetryAfterLog
test.beforeEach(async ({ page, request }) => {
  traffic = await recordRetryAfter(page)
  await useUpRateLimit(request)
})
// The journeys must meet every fault they claim to survive, or they prove nothing.
let serverErrors = 0
test.afterEach(() => {
  expect(traffic.violations(), 'requests sent before a Retry-After had passed').toEqual([])
  expect(traffic.rateLimited, 'the journey met the rate limit').toBeGreaterThan(0)
  expect(traffic.slowestAnswerMs, 'the journey met the injected latency').toBeGreaterThanOrEqual(500)
  serverErrors += traffic.serverErrors
})
test.afterAll(() => {
  // One journey may by chance meet no 5xx (each request fails with p = 0.2); all of them together do.
  expect(serverErrors, 'the journeys met injected 5xx answers').toBeGreaterThan(0)
})

test('places a call exactly once and watches it to the end', async ({ page, request }) => {
  const since = new Date(Date.now() - 5_000).toISOString()
  await page.goto('/calls/new')
  await expect(page.getByLabel('Caller ID')).toHaveValue(/^\+\d+$/, { timeout: 60_000 })
  await page.getByLabel('Destination').fill(NUMBERS.answers)
  await page.getByRole('button', { name: 'Place call' }).click()

  await expect(page).toHaveURL(/\/calls\/call_[^/]+$/, { timeout: 90_000 })
  const callId = page.url().split('/').pop() ?? ''
  await expect(page.getByRole('heading', { name: `Call to ${formatPhone(NUMBERS.answers)}` })).toBeVisible({
    timeout: 60_000,
  })
  await expect(page.getByText('Call status: Completed')).toBeAttached({ timeout: 90_000 })

  // Straight from the simulator, polling past its injected errors and its rate limit: one call, not two.
  await expect
    .poll(
      async () => {
        const res = await request.get(`${SIMULATOR}/calls`, {
          headers: AUTH,
          params: { from_date: since, limit: 100 },
        })
        if (!res.ok()) return -1
        const { calls } = (await res.json()) as ListCallsResponse
        return calls.filter((call) => call.destination === NUMBERS.answers).length
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(1)

  await page.getByRole('link', { name: '← All calls' }).click()
  // Under injected latency the call page (with its own "Status" region) stays until the list has loaded, and
  // the select's accessible name includes its value ("Status All statuses"): the filter form scopes it.
  const filters = page.getByRole('form', { name: 'Filter calls' })
  await filters.getByLabel('Status').selectOption('DIALER_COMPLETED', { timeout: 60_000 })
  const table = page.getByRole('table', { name: /calls/i })
  await expect(table.getByText(callId)).toBeVisible({ timeout: 60_000 })
})

test('verifies a caller ID', async ({ page }) => {
  // Only this journey adds caller IDs to the fault simulator, whose seed uses none of these.
  const number = `+1415555${1000 + Math.floor(Math.random() * 9000)}`
  await page.goto('/caller-ids')
  await page.getByLabel('Phone number').fill(number)
  const start = page.getByRole('button', { name: 'Start verification' })
  let startsSent = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/caller-ids')) startsSent++
  })
  await start.click()
  const pressedAt = Date.now()

  const panel = page.getByRole('region', { name: `Verification of ${formatPhone(number)}` })
  // The fault simulator refuses some requests (503): the page says nothing changed and offers Retry, which a person
  // presses (a start refused that way failed this journey once in CI, stop 58).
  const code = panel.getByLabel('Validation code', { exact: true })
  const retry = page
    .getByRole('alert')
    .filter({ hasText: 'Could not start the verification' })
    .getByRole('button', { name: 'Retry' })
  await expect(async () => {
    if (await retry.isVisible()) await retry.click()
    // A press that sent nothing: twice in fresh-clone CIs at load 15 to 23 the form stayed as typed, the button
    // enabled, and no request left the page (the trace of 074748e's CI). The likely cause, mended: the page moved
    // under the pointer as the slow-down notice and the header's "not usable" box came and went with the 429s and
    // 503s (quirks/slow-down-in-place.spec.ts). A person presses again once nothing was sent for 10 s; the log says
    // so, as a lost press is still a bug.
    else if (startsSent === 0 && Date.now() - pressedAt > 10_000 && (await start.isEnabled())) {
      console.warn(
        'faults.spec "verifies a caller ID": a press of Start verification sent nothing in 10 s; pressed again',
      )
      await start.click()
    }
    await expect(code).toHaveText(/^\d{3} \d{3}$/, { timeout: 10_000 })
    // 90 s was not enough once in a fresh clone's CI at load 15 to 19 (the account's 20 requests a minute shared
    // with the console's own reads); the project keeps a trace of a failure to say more.
  }).toPass({ timeout: 150_000 })
  await expect(panel.getByRole('status').filter({ hasText: 'Verified.' })).toBeVisible({ timeout: 90_000 })
  const table = page.getByRole('table', { name: 'Caller IDs of the account' })
  await expect(table.getByRole('rowheader').filter({ hasText: formatPhone(number) })).toBeVisible()
})

test('reads usage: the current period and the history', async ({ page, request }) => {
  const stopBusy = keepBusy(request)
  // Stopped however the journey ends, so no request outlives its context.
  try {
    await page.goto('/usage')
    const period = page.getByRole('region', { name: 'Current period' })
    await expect(period.getByRole('progressbar', { name: 'Minutes used of committed' })).toBeVisible({
      timeout: 60_000,
    })
    await expect(period.getByRole('term').filter({ hasText: 'Used' })).toBeVisible()
    const history = page.getByRole('region', { name: 'History' })
    await expect(history.getByRole('table').locator('tbody tr').first()).toBeVisible({ timeout: 60_000 })
    await expect(history).toContainText(/\d+ periods? shown/)
  } finally {
    await stopBusy()
  }
})
