// A tier name the spec puts no length on: the header keeps its one row at 1280 px, the name is cut with
// an ellipsis, and the whole of it is there for a screen reader and shows on hover and on keyboard focus (Escape hides it).
import { test } from '@playwright/test'
import { expectHeaderInOneRow } from '../support/header'
import { resetQuirks, setQuirks } from '../support/quirks'
import { expect } from '../support/test'

const LONG_TIER = 'Enterprise Committed-Use Annual Volume Plan (North America, Europe and Asia-Pacific regions)'

test.use({ viewport: { width: 1280, height: 800 } })
// From a plain service: a journey of another file may have left a switch set.
test.beforeEach(async () => {
  await resetQuirks()
  await setQuirks({ tierName: LONG_TIER })
})
test.afterEach(() => resetQuirks())

test('a long tier name does not push the header’s controls onto a second row', async ({ page }) => {
  await page.goto('/calls')
  const account = page.getByRole('banner').getByRole('region', { name: 'Account' })
  const tier = account.getByText(`Tier ${LONG_TIER}`, { exact: true }).first()
  // The whole name is the text (what assistive tech reads), though the row shows only its start.
  await expect(tier).toBeAttached()
  await expectHeaderInOneRow(page, 1280)
  const cut = await tier.evaluate((element) => element.scrollWidth > element.clientWidth)
  expect(cut).toBe(true)

  // Keyboard focus shows the whole name, within the page; Escape hides it; a pointer shows it too.
  const whole = account.getByRole('tooltip')
  await expect(whole).toBeHidden()
  await tier.focus()
  await expect(whole).toBeVisible()
  await expect(whole).toHaveText(`Tier ${LONG_TIER}`)
  const box = await whole.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 1280).toBe(true)
  await page.keyboard.press('Escape')
  await expect(whole).toBeHidden()
  await tier.blur()
  await tier.hover()
  await expect(whole).toBeVisible()
})
