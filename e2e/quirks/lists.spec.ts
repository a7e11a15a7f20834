// Lists against a voice service we did not write: the calls list (from the API: this console keeps no
// index) pages through cursors full of characters a URL must encode, ends on a missing or empty
// next_cursor, says an empty page is a page and not an empty account; the live board says when it
// cannot read the service instead of showing a healthy empty board.
import { expect, type Page, test } from '@playwright/test'
import { QUIRK_CALL_IDS, resetQuirks, setQuirks } from '../support/quirks'

test.beforeEach(() => resetQuirks())

const row = (page: Page, callId: string) => page.getByRole('row', { name: new RegExp(callId) })
const pages = (page: Page) => page.getByRole('navigation', { name: 'Pages of calls' })

test('the calls list from the API goes to page 2 and 3 and back, whatever its cursors hold', async ({ page }) => {
  await page.goto('/calls')
  await expect(row(page, QUIRK_CALL_IDS.ringing)).toBeVisible()
  await expect(page.getByText(/comes straight from the voice API/)).toBeVisible()

  // 25 a page: the 8 quirky calls and plain ones 1 to 17 first, then 18 to 42, then 43 to 67.
  await pages(page).getByRole('link', { name: 'Next' }).click()
  await expect(row(page, 'call_q_plain_0018')).toBeVisible()
  await expect(row(page, 'call_q_plain_0017')).toHaveCount(0)
  await pages(page).getByRole('link', { name: 'Next' }).click()
  await expect(row(page, 'call_q_plain_0043')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)

  await pages(page).getByRole('link', { name: 'Previous' }).click()
  await expect(row(page, 'call_q_plain_0018')).toBeVisible()
  // A reload reads the same page: the cursor survives the URL.
  await page.reload()
  await expect(row(page, 'call_q_plain_0018')).toBeVisible()
  await pages(page).getByRole('link', { name: 'Previous' }).click()
  await expect(row(page, QUIRK_CALL_IDS.ringing)).toBeVisible()
})

for (const cursor of ['omitted', 'empty'] as const) {
  test(`a last page whose next_cursor is ${cursor} ends the list`, async ({ page }) => {
    await setQuirks({ cursor })
    await page.goto('/calls?limit=100')
    await expect(row(page, 'call_q_plain_0092')).toBeVisible()
    await pages(page).getByRole('link', { name: 'Next' }).click()
    await expect(row(page, 'call_q_plain_0120')).toBeVisible()
    await expect(pages(page).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0)
  })
}

test('an empty first page with a further page is a page, not an empty account', async ({ page }) => {
  await setQuirks({ emptyFirstPage: true })
  await page.goto('/calls')
  await expect(page.getByText('No calls on this page')).toBeVisible()
  await expect(page.getByText('No calls yet')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Place a call' })).toHaveCount(0)
  const next = pages(page).getByRole('link', { name: 'Next' })
  await expect(next).not.toHaveAttribute('aria-disabled', 'true')
  await next.click()
  await expect(row(page, QUIRK_CALL_IDS.ringing)).toBeVisible()
})

const inFlight = (page: Page) => page.getByRole('table', { name: 'Calls in flight, newest first' })

test('/live says it cannot read the service during an outage, and is healthy again after', async ({ page }) => {
  await setQuirks({ outage: true })
  await page.goto('/live')
  const alert = page.getByRole('alert').filter({ hasText: 'cannot be read from the voice service' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('answered 500')
  await expect(alert).toContainText('keeps trying')
  await expect(page.getByText('Live updates interrupted: the voice service cannot be read')).toBeVisible()
  await expect(page.getByText('No calls in flight', { exact: true })).toHaveCount(0)

  await resetQuirks()
  await expect(inFlight(page).getByRole('row')).not.toHaveCount(0)
  await expect(alert).toHaveCount(0)
  await expect(page.getByText('Live updates', { exact: true })).toBeVisible()
})

test('/live says so when the service answers lists it cannot read, and is healthy again after', async ({ page }) => {
  await page.goto('/live')
  await expect(inFlight(page).getByRole('row')).not.toHaveCount(0)

  await setQuirks({ listFailure: 'unreadable-200' })
  const alert = page.getByRole('alert').filter({ hasText: 'cannot be read from the voice service' })
  await expect(alert).toContainText('cannot read (answered 200)')
  await expect(page.getByText('Live updates', { exact: true })).toHaveCount(0)

  await resetQuirks()
  await expect(alert).toHaveCount(0)
  await expect(page.getByText('Live updates', { exact: true })).toBeVisible()
})

test('a service that repeats its page cursor ends the list at the last new page instead of showing it for good', async ({
  page,
}) => {
  await setQuirks({ cursor: 'repeat' })
  await page.goto('/calls')
  const pages = page.getByRole('navigation', { name: 'Pages of calls' })
  await pages.getByRole('link', { name: 'Next' }).click()
  await expect(page.getByRole('row', { name: /call_q_plain_0018/ })).toBeVisible()
  await pages.getByRole('link', { name: 'Next' }).click()
  // The third page is the second again (the service named the same cursor); its Next would repeat it for good.
  await expect(pages.getByRole('status')).toHaveText(/already shown as the next one/)
  await expect(pages.getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true')
})
