// Issue 53, item 2: cost in money. An admin says what the service's rate_per_minute_dc counts ("tenths of a cent,
// USD") on /usage and sees the period in money; a manager sees the same money, with no control to change it, and the
// console refuses the manager's direct PUT too. At 1366x768, 1920x1080 and on a phone, axe clean.
import type { Account, UsageSummary } from '../server/simulator/contract/schemas'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/api/contract/console-schemas'
import { costOf, formatMoney, formatRate } from '../src/features/usage/cost/money'
import { axeViolations } from './support/axe'
import { authFile, DEMO_KEY, ports } from './support/servers'
import { type APIRequestContext, expect, type Locator, type Page, signedInAs, test } from './support/test'

test.use({ ...signedInAs('admin'), timezoneId: 'UTC' })

const TENTHS_OF_A_CENT_USD = { divisor: 1000, currency: 'USD' }
const ACME = { Authorization: `Bearer ${DEMO_KEY}` }

async function voice<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/v1/voice${path}`, { headers: ACME })
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true)
  return (await res.json()) as T
}

/** The figure a label names in the card's description list. */
const fact = (card: Locator, label: string) =>
  card.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]')

/** Cost so far is the service's minutes used × the rate: other journeys place calls meanwhile, so read both again. */
async function expectCostSoFar(page: Page, card: Locator, rate: number) {
  await expect(async () => {
    await page.reload()
    await expect(fact(card, 'Cost so far this period')).toBeVisible({ timeout: 5000 })
    const usage = await voice<UsageSummary>(page.request, '/usage')
    const money = formatMoney(costOf(usage.actual_minutes_used, rate, TENTHS_OF_A_CENT_USD), 'USD')
    await expect(fact(card, 'Cost so far this period')).toContainText(money, { timeout: 1000 })
  }).toPass({ timeout: 30_000 })
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)

/** The laptop, the wide screen and the phone, first the one the money's checks are made at. */
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const

/** What the width changes: axe, and nothing scrolled sideways, on the page opened at that size. */
async function laidOutClean(page: Page) {
  await noSidewaysScroll(page)
  expect(await axeViolations(page)).toEqual([])
}

// One journey at the three sizes, where there were three of about 19 s each (2026-12-07): what the width can change
// (axe with the form open and closed, nothing scrolled sideways, for both people) is checked at each size on the page
// opened at it; what it cannot (the money, the saved unit, the manager's refusals) once, at the first.
test('an admin says the rate counts tenths of a cent, USD, and a manager sees money but cannot change it, at 1366x768, 1920x1080 and on a phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const [first, ...others] = VIEWPORTS
  await page.setViewportSize(first)
  const account = await voice<Account>(page.request, '/account')
  const rate = account.tier.rate_per_minute_dc
  const readsAs = `would read as ${formatRate(rate, TENTHS_OF_A_CENT_USD)} a minute`
  await page.goto('/usage')
  const card = page.getByRole('region', { name: 'Cost', exact: true })
  const form = card.getByRole('form', { name: 'What the rate counts' })
  // Set already by a run before (the console's store outlives a journey): the admin changes it to the same.
  const change = card.getByRole('button', { name: 'Change what the rate counts' })
  await expect(form.or(change)).toBeVisible()
  if (await change.isVisible()) await change.click()
  await form.getByLabel('The rate counts').selectOption({ label: 'Tenths of a cent (45 = 0.045)' })
  await form.getByLabel('Currency').fill('usd')
  await expect(form).toContainText(readsAs)
  expect(await axeViolations(page)).toEqual([])
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form).toBeHidden()

  await expectCostSoFar(page, card, rate)
  const usage = await voice<UsageSummary>(page.request, '/usage')
  await expect(fact(card, 'Committed minutes’ value')).toContainText(
    formatMoney(costOf(usage.committed_minutes, rate, TENTHS_OF_A_CENT_USD), 'USD'),
  )
  await expect(fact(card, 'Projected at period end')).toContainText(/about \$[\d,]+\.\d\d|Too early to project/)
  for (const name of ['Cost by person', 'Cost by caller ID', 'Cost by outcome'])
    await expect(card.getByRole('table', { name }).getByRole('row', { name: /^Total/ })).toContainText(
      /\$[\d,]+\.\d\d$/,
    )
  await expect(page.getByRole('region', { name: 'Account details' })).toContainText(
    `${formatRate(rate, TENTHS_OF_A_CENT_USD)} (${rate} tenths of a cent, USD)`,
  )
  await expect(page.getByText('unit not documented')).toHaveCount(0)
  await laidOutClean(page)

  const managers = await browser.newContext({
    storageState: authFile(ports.app, 'manager'),
    viewport: first,
    timezoneId: 'UTC',
  })
  try {
    const managerPage = await managers.newPage()
    await managerPage.goto('/usage')
    const managerCard = managerPage.getByRole('region', { name: 'Cost', exact: true })
    await expectCostSoFar(managerPage, managerCard, rate)
    const managerSeesNoControl = async () => {
      await expect(managerCard).toContainText('tenths of a cent, USD')
      await expect(managerCard.getByRole('button', { name: /Change/ })).toHaveCount(0)
      await expect(managerCard.getByRole('form')).toHaveCount(0)
    }
    await managerSeesNoControl()
    await laidOutClean(managerPage)

    const refused = await managerPage.request.put('/api/console/usage/rate-unit', {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { divisor: 1, currency: 'EUR' },
    })
    expect(refused.status()).toBe(403)
    expect(refused.headers()['content-type']).toBe('application/problem+json')
    const stated = await managerPage.request.get('/api/console/usage/rate-unit')
    expect(await stated.json()).toMatchObject({ rateUnit: { divisor: 1000, currency: 'USD' } })

    for (const viewport of others) {
      await test.step(`at ${viewport.width}x${viewport.height}`, async () => {
        await page.setViewportSize(viewport)
        await page.reload()
        await change.click()
        await expect(form).toContainText(readsAs)
        expect(await axeViolations(page)).toEqual([])
        await form.getByRole('button', { name: 'Cancel' }).click()
        await expect(form).toBeHidden()
        await expect(fact(card, 'Cost so far this period')).toContainText(/\$[\d,]+\.\d\d/)
        await laidOutClean(page)

        await managerPage.setViewportSize(viewport)
        await managerPage.reload()
        await expect(fact(managerCard, 'Cost so far this period')).toContainText(/\$[\d,]+\.\d\d/)
        await managerSeesNoControl()
        await laidOutClean(managerPage)
      })
    }
  } finally {
    await managers.close()
  }
})
