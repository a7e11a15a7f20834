// Axe finds no violations on the caller-ID and usage pages, in both themes and
// with their interesting states on screen (a verification panel, the charts).
import type { ListCallerIdsResponse } from '../src/api/contract/schemas'
import { axeViolations } from './support/axe'
import { DEMO_KEY, E2E_VERIFICATION_TIMEOUT_MS } from './support/servers'
import { expect, type Page, test } from './support/test'

async function expectNoViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([])
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

    test('caller IDs page, with a timed-out verification and an already verified number', async ({ page, request }) => {
      const res = await request.get('/api/v1/voice/caller-ids', { headers: { Authorization: `Bearer ${DEMO_KEY}` } })
      const { caller_ids } = (await res.json()) as ListCallerIdsResponse
      const verified = caller_ids[0]?.phone_number ?? ''
      await page.clock.install()
      await page.goto('/caller-ids')
      await page.getByLabel('Phone number').fill('+15005550009')
      await page.getByRole('button', { name: 'Start verification' }).click()
      await expect(page.getByLabel('Validation code', { exact: true })).toBeVisible()
      // The e2e build gives up after E2E_VERIFICATION_TIMEOUT_MS, moved past on the page's clock.
      await page.clock.fastForward(E2E_VERIFICATION_TIMEOUT_MS)
      await expect(page.getByRole('button', { name: 'Start again' })).toBeVisible()
      await page.getByLabel('Phone number').fill(verified)
      await page.getByRole('button', { name: 'Start verification' }).click()
      await expect(page.getByText('This number is already verified')).toBeVisible()
      await expectNoViolations(page)
    })

    test('usage page, with its charts drawn and the projection', async ({ page }) => {
      await page.goto('/usage')
      // Charts are drawn once they come near the viewport: the history, the page's last, draws when scrolled to.
      await page.getByTestId('usage-history-chart').scrollIntoViewIfNeeded()
      await expect(page.getByTestId('usage-history-chart').locator('.recharts-bar-rectangle').first()).toBeVisible()
      await expect(page.getByRole('progressbar', { name: 'Minutes used of committed' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Projection' })).toBeVisible()
      await expectNoViolations(page)
    })

    test('usage page on a phone, with the history as cards', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto('/usage')
      await expect(page.getByRole('list', { name: 'Usage per billing period, newest first' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Projection' })).toBeVisible()
      await expectNoViolations(page)
    })
  })
}
