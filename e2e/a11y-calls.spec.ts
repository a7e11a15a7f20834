import { NUMBERS, placeCall } from './support/api'
import { axeViolations, WCAG_21_AA } from './support/axe'
import { holdInConversation } from './support/live-call'
import { expect, type Page, signedOut, test } from './support/test'

async function expectNoViolations(page: Page) {
  // axe over a whole page takes 5 s here and 40 s on a loaded 2-core machine: not what this test is about.
  test.slow()
  expect(await axeViolations(page, { tags: WCAG_21_AA })).toEqual([])
}

for (const scheme of ['light', 'dark'] as const) {
  test(`calls list has no accessibility violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await page.goto('/calls')
    await expect(page.getByRole('table')).toBeVisible()
    await expectNoViolations(page)
  })

  test(`a call page has no accessibility violations (${scheme})`, async ({ page, request }) => {
    await page.emulateMedia({ colorScheme: scheme })
    const call = await placeCall(request, { destination: NUMBERS.answers, metadata: { note: 'a11y' } })
    await page.goto(`/calls/${call.call_id}`)
    await expect(page.getByText('Call status: Completed')).toBeAttached({ timeout: 30_000 })
    await page.getByText('Technical details', { exact: true }).click()
    await expect(page.getByRole('button', { name: 'Copy status API path' })).toBeVisible()
    await expectNoViolations(page)
  })

  test(`a live call page has no accessibility violations (${scheme})`, async ({ page, request }) => {
    await page.emulateMedia({ colorScheme: scheme })
    const call = await placeCall(request, { destination: NUMBERS.answers, record: true })
    await holdInConversation(page, call.call_id)
    await page.goto(`/calls/${call.call_id}`)
    await expect(page.getByRole('timer', { name: 'Elapsed' })).toBeVisible()
    await expectNoViolations(page)
  })

  test(`a failed call page, with Call again, has no accessibility violations (${scheme})`, async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme: scheme })
    const call = await placeCall(request, { destination: NUMBERS.fails })
    await page.goto(`/calls/${call.call_id}`)
    await expect(page.getByText('Call status: Failed')).toBeAttached({ timeout: 30_000 })
    await expect(page.getByRole('link', { name: 'Call again' })).toBeVisible()
    await expectNoViolations(page)
  })
}

test.describe('signed out', () => {
  test.use(signedOut)

  test('the sign-in page has no accessibility violations', async ({ page }) => {
    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByText('Enter your email address.')).toBeVisible()
    await expectNoViolations(page)
  })
})

test('the empty state and not-found pages have no accessibility violations', async ({ page }) => {
  await page.goto('/calls?status=DIALER_RINGING&from_date=2000-01-01&to_date=2000-01-02')
  await expect(page.getByText('No calls match these filters')).toBeVisible()
  await expectNoViolations(page)
  await page.goto('/calls/call_DOESNOTEXIST0000000000000')
  await expect(page.getByRole('heading', { name: 'Call not found' })).toBeVisible()
  await expectNoViolations(page)
})
