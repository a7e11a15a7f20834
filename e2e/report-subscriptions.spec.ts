// Issue 53, item 4: reports by email from /usage. A manager subscribes themselves to a usage report, sees it listed
// with its time zone and "None yet", and stops it; an admin may choose anyone. Each repeat of the journey takes its
// own frequency, so parallel runs of it never touch one another's subscription.
import { axeViolations } from './support/axe'
import { expect, signedInAs, test } from './support/test'

const FREQUENCIES = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly (Monday to Sunday)' },
] as const

test.describe('as a manager', () => {
  test.use(signedInAs('manager'))

  test('subscribes to a usage report from /usage, and stops it', async ({ page }, testInfo) => {
    const frequency = FREQUENCIES[testInfo.repeatEachIndex % FREQUENCIES.length] ?? FREQUENCIES[0]
    await page.goto('/usage')
    const section = page.getByRole('region', { name: 'Reports by email' })
    await expect(section).toBeVisible()
    // A manager subscribes only themselves: no choice of person.
    await expect(section.getByLabel('Person')).toHaveCount(0)
    const unsubscribe = section.getByRole('button', { name: new RegExp(`from the ${frequency.value} report$`) })
    // A run stopped halfway left its subscription: start from none.
    if (await unsubscribe.count()) await unsubscribe.click()
    await expect(unsubscribe).toHaveCount(0)

    await section.getByLabel('Frequency').selectOption(frequency.value)
    await section.getByRole('button', { name: 'Subscribe' }).click()
    const row = section.getByRole('row').filter({ hasText: frequency.label })
    await expect(row).toContainText('None yet: the first goes out when its period ends')
    expect(await axeViolations(page)).toEqual([])

    await unsubscribe.click()
    await expect(row).toHaveCount(0)
  })
})

test.describe('as an admin', () => {
  test.use(signedInAs('admin'))

  test('chooses whom a report goes to', async ({ page }) => {
    await page.goto('/usage')
    const section = page.getByRole('region', { name: 'Reports by email' })
    const person = section.getByLabel('Person')
    await expect(person).toBeVisible()
    await expect(person.getByRole('option', { name: /^Me \(/ })).toHaveCount(1)
    await expect(person.getByRole('option', { name: /manager/ }).first()).toBeAttached()
  })
})
