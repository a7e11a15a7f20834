// An admin adds the numbers the company calls from: a code, a verification call
// the simulator answers after VOICE_SIM_VERIFY_DELAY_MS / VOICE_SIM_SPEED, and a
// number that shows up verified and can be chosen on New call.

import { DEMO_KEY, E2E_VERIFICATION_TIMEOUT_MS } from './support/servers'
import { expect, type Page, type Route, test } from './support/test'

const NEVER_VERIFIES = '+15005550009'
const STORE_KEY = 'voice-dashboard.caller-id-verifications'

/** A fresh +1 415 555 number per run, so the simulator's database never answers 409 by accident. */
function freshNumber(): string {
  return `+1415555${String(Math.floor(1000 + Math.random() * 9000))}`
}

/** "+14155551234" -> "+1 415 555 1234", as the page shows it. */
function readable(e164: string): string {
  return `${e164.slice(0, 2)} ${e164.slice(2, 5)} ${e164.slice(5, 8)} ${e164.slice(8)}`
}

async function startVerification(page: Page, phoneNumber: string) {
  await page.getByLabel('Phone number').fill(phoneNumber)
  await page.getByRole('button', { name: 'Start verification' }).click()
  return page.getByRole('region', { name: `Verification of ${readable(phoneNumber)}` })
}

/** A problem+json failure of the next POST, with a Retry-After of one or two seconds. */
function failPost(route: Route, status: number, retryAfterSeconds: number) {
  return route.fulfill({
    status,
    contentType: 'application/problem+json',
    headers: { 'Retry-After': String(retryAfterSeconds) },
    json: { type: 'about:blank', title: 'Staged failure', status, detail: `Staged ${status} for the test.` },
  })
}

test('adds caller IDs, keeps waiting across a reload, and can call from them', async ({ page }) => {
  const number = freshNumber()
  let other = freshNumber()
  while (other === number) other = freshNumber()
  await page.goto('/caller-ids')
  await expect(page).toHaveTitle(/Caller IDs/)

  const panel = await startVerification(page, number)
  const code = panel.getByLabel('Validation code', { exact: true })
  await expect(code).toHaveText(/^\d{3} \d{3}$/)
  const shown = await code.textContent()
  // Focus moves to the new panel's heading, which a screen reader reads with the code.
  const heading = panel.getByRole('heading', { name: `Verification of ${readable(number)}` })
  await expect(heading).toBeFocused()
  await expect(heading).toHaveAccessibleDescription(`Validation code ${shown}`)
  // The service's message says whom it calls and what to do; the page does not say it again.
  await expect(panel.getByText(`We are calling ${number} now.`)).toBeVisible()
  await expect(panel.getByText(/We are calling|Answer/)).toHaveCount(1)
  await expect(panel.getByRole('progressbar')).toBeVisible()
  // Several verifications can run at once.
  const otherPanel = await startVerification(page, other)
  const otherCode = otherPanel.getByLabel('Validation code', { exact: true })
  await expect(otherCode).toHaveText(/^\d{3} \d{3}$/)
  const otherShown = await otherCode.textContent()
  await expect(otherPanel.getByRole('heading', { name: `Verification of ${readable(other)}` })).toBeFocused()

  // The simulator answers after a few seconds (e2e/support/servers.ts), so a reload right after
  // the second start lands mid-verification: the code is still there.
  await page.reload()
  await expect(otherCode).toHaveText(otherShown ?? '')

  for (const [p, n] of [
    [panel, number],
    [otherPanel, other],
  ] as const) {
    await expect(p.getByRole('status').filter({ hasText: 'Verified.' })).toBeVisible({ timeout: 30_000 })
    await expect(p.getByLabel('Validation code', { exact: true })).toHaveCount(0)
    const table = page.getByRole('table', { name: 'Caller IDs of the account' })
    await expect(table.getByRole('rowheader').filter({ hasText: readable(n) })).toBeVisible()
  }

  await page.getByRole('link', { name: 'New call' }).click()
  await expect(page.getByLabel('Caller ID').locator(`option[value="${number}"]`)).toHaveCount(1)
  await page.getByLabel('Caller ID').selectOption(number)
  await expect(page.getByLabel('Caller ID')).toHaveValue(number)
})

test('says so when a number is never verified, starts again with a new code, and stops waiting', async ({ page }) => {
  // The e2e build waits E2E_VERIFICATION_TIMEOUT_MS (20 s) instead of the ten minutes people get; the page's clock
  // is moved past it rather than waited out.
  await page.clock.install()
  await page.goto('/caller-ids')
  const panel = await startVerification(page, NEVER_VERIFIES)
  const first = await panel.getByLabel('Validation code', { exact: true }).textContent()
  await expect(panel.getByRole('progressbar', { name: /to be verified$/ })).toBeVisible()
  await page.clock.fastForward(E2E_VERIFICATION_TIMEOUT_MS)
  await expect(panel.getByRole('alert')).toContainText(
    `Not verified after ${E2E_VERIFICATION_TIMEOUT_MS / 1000} seconds`,
  )

  // Start again retries a transient failure by itself, with the same Idempotency-Key.
  const keys: string[] = []
  await page.route('**/api/v1/voice/caller-ids', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    keys.push((await route.request().headerValue('idempotency-key')) ?? '')
    return keys.length === 1 ? failPost(route, 503, 1) : route.fallback()
  })
  await panel.getByRole('button', { name: 'Start again' }).click()
  await expect(panel.getByRole('status').filter({ hasText: 'Trying again in 1 s' })).toBeVisible()
  await expect(panel.getByLabel('Validation code', { exact: true })).toHaveText(/^\d{3} \d{3}$/)
  expect(await panel.getByLabel('Validation code', { exact: true }).textContent()).not.toBe(first ?? '')
  expect(keys).toHaveLength(2)
  expect(keys[1]).toBe(keys[0])
  await expect(panel.getByRole('heading', { name: `Verification of ${readable(NEVER_VERIFIES)}` })).toBeFocused()

  // Stop waiting forgets it (also across a reload) and ends the polling of the list.
  await panel.getByRole('button', { name: 'Stop waiting' }).click()
  await expect(panel).toHaveCount(0)
  expect(await page.evaluate((key) => sessionStorage.getItem(key), STORE_KEY)).toBeNull()
  let polls = 0
  page.on('request', (req) => {
    if (req.method() === 'GET' && req.url().endsWith('/api/v1/voice/caller-ids')) polls++
  })
  // Ten seconds pass on the page's clock, more than three of the list's polls while waiting (VERIFICATION_POLL_MS);
  // a request the page sends after that is seen after any poll it sent.
  await page.clock.fastForward(10_000)
  await page.evaluate(() => fetch('/api/console/session').then((answer) => answer.status))
  expect(polls).toBe(0)
  await page.reload()
  await expect(page.getByRole('table', { name: 'Caller IDs of the account' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Verifications' })).toHaveCount(0)
})

test('waits for Retry-After after a 429 and starts the verification by itself', async ({ page }) => {
  const sent: { key: string; at: number }[] = []
  await page.route('**/api/v1/voice/caller-ids', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    sent.push({ key: (await route.request().headerValue('idempotency-key')) ?? '', at: Date.now() })
    return sent.length === 1 ? failPost(route, 429, 2) : route.fallback()
  })
  await page.goto('/caller-ids')
  const number = freshNumber()
  const panel = await startVerification(page, number)
  await expect(page.getByRole('status').filter({ hasText: 'Trying again in 2 s (attempt 2)' })).toBeVisible()
  await expect(panel.getByLabel('Validation code', { exact: true })).toHaveText(/^\d{3} \d{3}$/)
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(sent).toHaveLength(2)
  expect(sent[1]?.key).toBe(sent[0]?.key)
  expect((sent[1]?.at ?? 0) - (sent[0]?.at ?? 0)).toBeGreaterThanOrEqual(1_900)
})

test('explains that an already verified number needs no verification', async ({ page, request }) => {
  const res = await request.get('/api/v1/voice/caller-ids', { headers: { Authorization: `Bearer ${DEMO_KEY}` } })
  expect(res.ok()).toBe(true)
  const { caller_ids } = (await res.json()) as { caller_ids: { phone_number: string }[] }
  const verified = caller_ids[0]?.phone_number ?? ''

  await page.goto('/caller-ids')
  await startVerification(page, verified)
  const alert = page.getByRole('alert').filter({ hasText: 'This number is already verified' })
  await expect(alert).toContainText(verified)
})

test('rejects an invalid number before sending it', async ({ page }) => {
  let posted = false
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/caller-ids')) posted = true
  })
  await page.goto('/caller-ids')
  await page.getByLabel('Phone number').fill('+1 555')
  await page.getByRole('button', { name: 'Start verification' }).click()
  await expect(page.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true')
  // The error is announced on submit, and stays tied to the field.
  const alert = page.getByRole('alert')
  await expect(alert).toBeVisible()
  const describedBy = (await page.getByLabel('Phone number').getAttribute('aria-describedby')) ?? ''
  expect(describedBy.split(' ')).toContain(await alert.getAttribute('id'))
  expect(posted).toBe(false)
})

test('shows any other API error with its message, and Retry resends the same request', async ({ page }) => {
  // A 403 is not transient, so it is shown at once instead of retried.
  const keys: string[] = []
  let fail = true
  await page.route('**/api/v1/voice/caller-ids', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    keys.push((await route.request().headerValue('idempotency-key')) ?? '')
    if (!fail) return route.fallback()
    return route.fulfill({
      status: 403,
      contentType: 'application/problem+json',
      json: {
        type: 'about:blank',
        title: 'Forbidden',
        status: 403,
        detail: 'Verification calls are paused.',
      },
    })
  })
  await page.goto('/caller-ids')
  const number = freshNumber()
  await page.getByLabel('Phone number').fill(number)
  await page.getByRole('button', { name: 'Start verification' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'Could not start the verification' })
  await expect(alert).toContainText('Verification calls are paused.')

  fail = false
  await alert.getByRole('button', { name: 'Retry' }).click()
  const panel = page.getByRole('region', { name: `Verification of ${readable(number)}` })
  await expect(panel.getByLabel('Validation code', { exact: true })).toBeVisible()
  expect(keys).toHaveLength(2)
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
  expect(keys[1]).toBe(keys[0])
})

test('shows an error with Retry when the list cannot be loaded', async ({ page }) => {
  await page.route('**/api/v1/voice/caller-ids', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 400,
          contentType: 'application/problem+json',
          json: { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Staged list failure.' },
        })
      : route.fallback(),
  )
  await page.goto('/caller-ids')
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load caller IDs' })
  await expect(alert).toContainText('Staged list failure.')
  await page.unroute('**/api/v1/voice/caller-ids')
  await alert.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('table', { name: 'Caller IDs of the account' })).toBeVisible()
})

test('finds one of thousands of caller IDs, on their page and on New call, and shows a name that hides a reversal', async ({
  page,
}) => {
  // Thousands of verified numbers: each verification is a call the simulator answers, so the list the voice API
  // returns is extended in the browser with 3,000 more, two of them as the security review found them.
  const extra = Array.from({ length: 3000 }, (_, n) => ({
    id: `cid_e2e${n}`,
    phone_number: `+1628555${String(n).padStart(4, '0')}`,
    verification_status: 'VERIFIED',
    cnam_display_name: n === 1234 ? 'Bank \u202Ekcab llac' : n === 1235 ? '' : `Branch ${n}`,
    cnam_status: 'APPROVED',
    verified_at: '2026-01-01T00:00:00Z',
  }))
  await page.route('**/api/v1/voice/caller-ids', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback()
    const answer = await route.fetch()
    const { caller_ids } = (await answer.json()) as { caller_ids: unknown[] }
    return route.fulfill({ response: answer, json: { caller_ids: [...caller_ids, ...extra] } })
  })

  await page.goto('/caller-ids')
  const table = page.getByRole('table', { name: 'Caller IDs of the account' })
  await expect(page.getByRole('status').filter({ hasText: /^3,\d{3} caller IDs; showing 1–50\.$/ })).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(51)
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByRole('status').filter({ hasText: 'showing 51–100' })).toBeVisible()

  await page.getByRole('searchbox', { name: 'Filter caller IDs' }).fill('kcab')
  await expect(page).toHaveURL(/q=kcab/)
  await expect(page.getByRole('status').filter({ hasText: /^1 of 3,\d{3} caller IDs match “kcab”\.$/ })).toBeVisible()
  await expect(table.getByRole('img', { name: 'Hidden character U+202E: right-to-left override' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('caller-ids-filtered.png'), fullPage: true })
  await page.getByRole('searchbox', { name: 'Filter caller IDs' }).fill('628 555 1235')
  await expect(table.getByText('No name')).toBeVisible()

  await page.goto('/calls/new')
  const search = page.getByRole('searchbox', { name: 'Find by number or name' })
  await search.fill('Branch 2999')
  await search.press('Enter')
  await expect(page.getByRole('combobox', { name: 'Caller ID' })).toHaveValue('+16285552999')
  await expect(page.getByRole('button', { name: 'Place call' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('new-call-search.png'), fullPage: true })
})
