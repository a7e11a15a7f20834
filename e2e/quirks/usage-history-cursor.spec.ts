// Usage history from a service whose cursor parameter is not `cursor` (the spec does not name it): our cursor is
// ignored and the first page comes back on every "Load more". The page stops there and says so, rather than
// adding the same periods for ever; a service that does read `cursor` is walked to its last page.
import { expect, test } from '@playwright/test'
import { resetQuirks, setQuirks } from '../support/quirks'

// Every switch plain before and after: a journey of another file may have left one set.
test.beforeEach(() => resetQuirks())
test.afterEach(() => resetQuirks())

test('a repeated history page ends "Load more", in words, without showing a period twice', async ({ page }) => {
  await setQuirks({ historyCursorParam: 'page_token' })
  await page.goto('/usage')
  const history = page.getByRole('region', { name: 'History' })
  await history.getByRole('button', { name: 'Load more' }).click()
  await expect(history).toContainText(
    'No more periods can be loaded: the voice service named a page it had already sent.',
  )
  await expect(history.getByRole('button', { name: 'Load more' })).toHaveCount(0)
  await expect(history.getByRole('rowheader', { name: /^Oct 1, / })).toHaveCount(1)
  await expect(history.getByRole('figure', { name: /each of the 2 periods shown/ })).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/usage-history-repeated.png', fullPage: true })
})

test('a service that reads `cursor` is walked to its last page', async ({ page }) => {
  await setQuirks({ historyCursorParam: 'cursor' })
  await page.goto('/usage')
  const history = page.getByRole('region', { name: 'History' })
  await history.getByRole('button', { name: 'Load more' }).click()
  await history.getByRole('button', { name: 'Load more' }).click()
  await expect(history).toContainText('That is every period on record.')
  await expect(history.getByRole('rowheader', { name: /^Jun 1, / })).toHaveCount(1)
  await expect(history.getByRole('figure', { name: /each of the 6 periods shown/ })).toBeVisible()
})
