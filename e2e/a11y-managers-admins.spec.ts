// Issue 53's pages for managers and admins at the three sizes people use them (a 1366 laptop, a 1920 screen, a
// phone): axe finds nothing, with each page's new part open (a rule's channel picker, the usage page's cost and
// reports, a scorecard being written, the single sign-on form), and the page itself never scrolls sideways.
import { axeViolations } from './support/axe'
import { expect, type Page, signedInAs, test } from './support/test'

const SIZES = [
  { name: '1366x768', width: 1366, height: 768 },
  { name: '1920x1080', width: 1920, height: 1080 },
  { name: 'a phone', width: 390, height: 844 },
] as const

async function expectSteadyAndClean(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0)
  expect(await axeViolations(page)).toEqual([])
}

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } })

    test.describe('as a manager', () => {
      test.use(signedInAs('manager'))

      test('usage: the period, its cost and the reports by email', async ({ page }) => {
        await page.goto('/usage')
        await expect(page.getByRole('region', { name: 'Projection' })).toBeVisible()
        await expect(page.getByRole('region', { name: 'Cost', exact: true })).toBeVisible()
        await expect(page.getByRole('region', { name: 'Reports by email' })).toBeVisible()
        await expectSteadyAndClean(page)
      })

      test('alerts: a new rule and the channels it may go to', async ({ page }) => {
        await page.goto('/alerts')
        await page.getByRole('button', { name: 'Add rule' }).click()
        const dialog = page.getByRole('dialog', { name: 'Add a rule' })
        await expect(dialog.getByRole('group', { name: 'Send to' })).toBeVisible()
        await expectSteadyAndClean(page)
      })
    })

    test.describe('as an admin', () => {
      test('scorecards: a new one being written', async ({ page }) => {
        await page.goto('/scorecards')
        await page.getByRole('button', { name: 'New scorecard' }).click()
        await expect(
          page.getByRole('dialog', { name: 'New scorecard' }).getByRole('group', { name: 'Question 1' }),
        ).toBeVisible()
        await expectSteadyAndClean(page)
      })

      test('users: the single sign-on settings open', async ({ page }) => {
        await page.goto('/users')
        await page.getByRole('button', { name: 'Single sign-on settings' }).click()
        await expect(page.getByRole('form', { name: 'Provider' })).toBeVisible()
        await expectSteadyAndClean(page)
      })
    })
  })
}
