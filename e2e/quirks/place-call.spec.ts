// Placing a call on a voice service that answers the create with 202 (the spec gives no status): the
// call is placed once, the page goes to it, and the console knows who placed it.
import { expect, test } from '@playwright/test'
import { resetQuirks, setQuirks } from '../support/quirks'
import { authFile, ports } from '../support/servers'

test.use({ storageState: authFile(ports.quirksApp, 'support') })
test.beforeEach(() => resetQuirks())

test('a call the service accepts with 202 is placed, opened and marked as placed by its person', async ({ page }) => {
  await setQuirks({ createStatus: 202 })
  await page.goto('/calls/new')
  await expect(page.getByLabel('Caller ID')).toHaveValue(/^\+\d+$/)
  await page.getByLabel('Destination').fill('+442071838751')
  await page.getByRole('button', { name: 'Place call' }).click()
  await expect(page).toHaveURL(/\/calls\/call_placed_\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)

  await page.goto('/calls')
  const placed = page.getByRole('row', { name: /call_placed_/ }).first()
  await expect(placed).toContainText('support@e2e.test')
})
