// A manager checks this period against the commitment and pages back through
// history. Every number on the page is compared with the API's own answer.

import type { Account, UsageHistory, UsageSummary } from '../src/api/schemas'
import { formatNumber, formatPercent, formatPeriod } from '../src/lib/usage-format'
import { DEMO_KEY } from './support/servers'
import { type APIRequestContext, expect, type Page, signedInAs, test } from './support/test'

// A manager's work: signed in as manager.
test.use(signedInAs('manager'))

const ACME = { Authorization: `Bearer ${DEMO_KEY}` }
const PAGE_SIZE = 6

async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/v1/voice${path}`, { headers: ACME })
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true)
  return (await res.json()) as T
}

test('shows the account and the current period exactly as the API reports them', async ({ page, request }) => {
  const account = await get<Account>(request, '/account')
  await page.goto('/usage')
  await expect(page).toHaveTitle(/Usage/)

  const accountCard = page.getByRole('region', { name: 'Account details' })
  await expect(accountCard).toContainText(account.client_id)
  await expect(accountCard).toContainText(account.tier.name)
  await expect(accountCard).toContainText('rate_per_minute_dc')
  await expect(accountCard).toContainText(String(account.tier.rate_per_minute_dc))

  const period = page.getByRole('region', { name: 'Current period' })
  const fact = (label: string) =>
    period.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd')
  // Other specs place calls at the same time, so usage can move between the page's read and ours: read again until both agree.
  await expect(async () => {
    await page.reload()
    await expect(fact('Used')).toBeVisible()
    const usage = await get<UsageSummary>(request, '/usage')
    const facts = {
      Used: usage.actual_minutes_used,
      Committed: usage.committed_minutes,
      Remaining: usage.remaining_minutes,
      Overage: usage.overage_minutes,
    }
    for (const [label, minutes] of Object.entries(facts)) {
      await expect(fact(label)).toHaveText(`${formatNumber(minutes)} minutes`, { timeout: 1000 })
    }
    await expect(period).toContainText(formatPercent(usage.usage_percent), { timeout: 1000 })
    // The last day of the period, not its exclusive end; the API's value stays in the datetime attribute.
    await expect(period).toContainText(formatPeriod(usage.period_start, usage.period_end), { timeout: 1000 })
    await expect(period.locator(`time[datetime="${usage.period_end}"]`)).toHaveCount(1, { timeout: 1000 })
    const meter = period.getByRole('progressbar', { name: 'Minutes used of committed' })
    await expect(meter).toHaveAttribute('aria-valuenow', String(Math.min(100, usage.usage_percent)), { timeout: 1000 })
  }).toPass({ timeout: 30_000 })

  const forecast = page.getByRole('region', { name: 'Forecast for this period' })
  await expect(forecast).toContainText(
    /average pace over the [\d.]+ days? since the period started|Not enough data for a forecast yet/,
  )
})

test('charts one bar per period and loads older periods on demand', async ({ page, request }) => {
  const first = await get<UsageHistory>(request, `/usage/history?limit=${PAGE_SIZE}`)
  await page.goto('/usage')
  const history = page.getByRole('region', { name: 'History' })
  const bars = page.getByTestId('usage-history-chart').locator('.recharts-bar-rectangle')
  const rows = history.getByRole('table').locator('tbody tr')
  await expect(bars).toHaveCount(first.periods.length)
  await expect(rows).toHaveCount(first.periods.length)

  // Newest first in the table, newest on the right of the chart; a period reads from its first to its last day.
  const newest = first.periods[0]
  expect(newest).toBeDefined()
  await expect(rows.first().getByRole('rowheader')).toHaveText(
    formatPeriod(newest?.period_start ?? '', newest?.period_end ?? ''),
  )
  // The API's own bounds stay machine-readable: the exclusive end too.
  await expect(rows.first().locator('time').last()).toHaveAttribute('datetime', newest?.period_end ?? '')

  // The simulator seeds a contract of about a year, so there is always more than one page.
  expect(first.next_cursor, 'the seed has more periods than one page').not.toBeNull()
  const second = await get<UsageHistory>(
    request,
    `/usage/history?limit=${PAGE_SIZE}&cursor=${encodeURIComponent(first.next_cursor ?? '')}`,
  )
  await history.getByRole('button', { name: 'Load more' }).click()
  const total = first.periods.length + second.periods.length
  await expect(bars).toHaveCount(total)
  await expect(rows).toHaveCount(total)
  await expect(history).toContainText(`${total} periods shown`)
})

test('the calls pages load no charting code', async ({ page }) => {
  const scripts: Promise<string>[] = []
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.text().catch(() => ''))
  })
  await page.goto('/calls')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const bodies = await Promise.all(scripts)
  expect(bodies.length).toBeGreaterThan(0)
  expect(bodies.filter((body) => body.includes('recharts-bar-rectangle'))).toHaveLength(0)
})

// States the simulator's steady data does not reach are staged on the page's own requests.
const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

function stageUsage(page: Page, used: number, committed: number, { startedDaysAgo = 10 } = {}) {
  const start = Date.now() - startedDaysAgo * DAY
  const summary: UsageSummary = {
    period_start: iso(start),
    period_end: iso(start + 30 * DAY),
    committed_minutes: committed,
    actual_minutes_used: used,
    remaining_minutes: Math.max(0, committed - used),
    overage_minutes: Math.max(0, used - committed),
    usage_percent: committed ? Math.round((used / committed) * 10_000) / 100 : 0,
  }
  return page.route('**/api/v1/voice/usage', (route) => route.fulfill({ json: summary }))
}

test('the meter turns amber at 80% and red at 100% of the commitment', async ({ page }) => {
  const meter = page.getByRole('progressbar', { name: 'Minutes used of committed' })
  await stageUsage(page, 425, 500)
  await page.goto('/usage')
  await expect(meter).toHaveAttribute('data-level', 'warning')
  await expect(page.getByText('Over 80% of the commitment is used.')).toBeVisible()
  // The API gives only the total so far: one marked point, the average pace that led there, and the projection.
  const forecast = page.getByRole('region', { name: 'Forecast for this period' })
  await expect(forecast).toContainText('average pace over the 10 days since the period started (42.5 minutes a day)')
  const legend = forecast.getByRole('listitem')
  await expect(legend).toHaveText(['Committed pace', 'Used so far', 'Average pace so far', 'Projection'])
  await expect(forecast.locator('.recharts-line-dots circle')).toHaveCount(1)

  await page.unroute('**/api/v1/voice/usage')
  await stageUsage(page, 600, 500)
  await page.reload()
  await expect(meter).toHaveAttribute('data-level', 'over')
  await expect(meter).toHaveAttribute('aria-valuenow', '100')
  await expect(meter).toHaveAttribute('aria-valuetext', /600 of 500 committed minutes used \(120\.00%\)/)
  await expect(forecast).toContainText('Already over the commitment')
})

test('says when there is too little data to forecast, and copes with no commitment', async ({ page }) => {
  await stageUsage(page, 12, 0, { startedDaysAgo: 0.5 })
  await page.goto('/usage')
  await expect(page.getByRole('region', { name: 'Current period' })).toContainText('No minutes are committed')
  await expect(page.getByRole('region', { name: 'Forecast for this period' })).toContainText(
    'Not enough data for a forecast yet.',
  )
})

test('highlights periods over commitment in the chart and the table', async ({ page }) => {
  const period = (month: number, used: number) => ({
    period_start: `2026-${String(month).padStart(2, '0')}-01T00:00:00Z`,
    period_end: `2026-${String(month + 1).padStart(2, '0')}-01T00:00:00Z`,
    status: month === 11 ? 'DIALER_ACTIVE' : 'DIALER_COMPLETED',
    committed_minutes: 100,
    actual_minutes_used: used,
  })
  const history: UsageHistory = { periods: [period(11, 40), period(10, 120), period(9, 90)], next_cursor: null }
  await page.route('**/api/v1/voice/usage/history*', (route) => route.fulfill({ json: history }))
  await page.goto('/usage')
  const chart = page.getByTestId('usage-history-chart')
  // Oldest on the left: September, October (over), November.
  await expect(chart.locator('.recharts-bar-rectangle path')).toHaveCount(3)
  const fills = await chart
    .locator('.recharts-bar-rectangle path')
    .evaluateAll((paths) => paths.map((p) => p.getAttribute('fill')))
  expect(fills).toEqual(['var(--chart-actual)', 'var(--chart-over)', 'var(--chart-actual)'])
  // October's end is Nov 1 (exclusive), so it is shown ending on Oct 31.
  await chart.locator('.recharts-bar-rectangle').nth(1).hover()
  await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText('Oct 1 – Oct 31, 2026')
  const october = page.getByRole('row', { name: /^Oct 1 – Oct 31, 2026/ })
  await expect(october).toContainText('120.00%')
  await expect(october).toContainText('Over by 20')
  await expect(page.getByRole('region', { name: 'History' })).toContainText('That is every period on record.')
})

test('shows the API error with a Retry that recovers', async ({ page }) => {
  await page.route('**/api/v1/voice/account', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/problem+json',
      json: { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Staged failure for the test.' },
    }),
  )
  await page.goto('/usage')
  const card = page.getByRole('region', { name: 'Account details' })
  await expect(card.getByRole('alert')).toContainText('Staged failure for the test.')
  await page.unroute('**/api/v1/voice/account')
  await card.getByRole('button', { name: 'Retry' }).click()
  await expect(card).toContainText('Client ID')
})
