// A console in front of a voice service we did not write, with none of its switches on: the pages
// a person opens first all work.
import { expect, test } from '@playwright/test'
import { QUIRK_CALL_IDS, resetQuirks } from '../support/quirks'

test.beforeEach(() => resetQuirks())

test('the calls list and a plain call open against another voice service', async ({ page }) => {
  await page.goto('/calls')
  await expect(page.getByRole('row', { name: /call_q_plain_0001/ })).toBeVisible()
  await page.goto(`/calls/${QUIRK_CALL_IDS.recorded}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
