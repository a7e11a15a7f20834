// Axe finds no violations on the caller-ID and usage pages, in both themes and
// with their interesting states on screen (a verification panel, the charts).
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme })

    test('caller IDs page, with a verification under way', async ({ page }) => {
      await page.goto('/caller-ids')
      await expect(page.getByRole('table', { name: 'Caller IDs of the account' })).toBeVisible()
      await page.getByLabel('Phone number').fill('+15005550009')
      await page.getByRole('button', { name: 'Start verification' }).click()
      await expect(page.getByLabel('Validation code', { exact: true })).toBeVisible()
      await expectNoViolations(page)
    })

    test('usage page, with its charts drawn', async ({ page }) => {
      await page.goto('/usage')
      await expect(page.getByTestId('usage-history-chart').locator('.recharts-bar-rectangle').first()).toBeVisible()
      await expect(page.getByRole('progressbar', { name: 'Minutes used of committed' })).toBeVisible()
      await expectNoViolations(page)
    })
  })
}
