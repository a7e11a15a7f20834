// A billing period longer than the console breaks down at once (the spec gives a period no length): the usage
// page shows the service's figures and says in words why there is no daily series, pace or projection. It asks
// the console for nothing it would refuse, and shows no error.
import { expect, test } from '@playwright/test'
import { resetQuirks, setQuirks } from '../support/quirks'

// From a plain service: a journey of another file may have left a switch set.
test.beforeEach(async () => {
  await resetQuirks()
  await setQuirks({ periodEnd: '2027-11-01T00:00:00Z' })
})
test.afterEach(() => resetQuirks())

test('a year-long billing period: the figures, and a note instead of the daily series, with no error', async ({
  page,
}) => {
  const refused: string[] = []
  page.on('response', (response) => {
    if (response.url().includes('/api/console/usage') && response.status() >= 400) refused.push(response.url())
  })
  await page.goto('/usage')
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible()
  const lead = page.getByRole('region', { name: 'Current period' })
  await expect(lead).toContainText('8,766')
  await expect(lead).toContainText('Not known: this period is not broken down into days')
  await expect(lead).toContainText(
    'No projection: The service gave this period as Nov 1, 2026, 00:00 – Nov 1, 2027, 00:00 (UTC)',
  )
  await expect(page.getByRole('region', { name: 'Pacing' })).toContainText('No pacing: The service gave this period')
  await expect(page.getByText(/the console breaks down periods that end after they start, within 93 days/)).toHaveCount(
    3,
  )
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0)
  expect(refused).toEqual([])
})
