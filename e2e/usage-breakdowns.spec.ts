// A manager asks where this period's minutes went: the minutes of each day, then by person, then by
// a metadata key of their own (a team), and takes the numbers away as CSV. The charts say their
// numbers (each bar's title and data attributes); every one is held against the table beside it.
import { readFile } from 'node:fs/promises'
import type { UsageSummary } from '../server/simulator/contract/schemas'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/api/contract/console-schemas'
import type { BreakdownResponse, UsageDaysResponse } from '../src/api/contract/usage-breakdown-schemas'
import { formatNumber } from '../src/lib/format'
import { firstCallerId, NUMBERS } from './support/api'
import { DEMO_KEY, origin, ports } from './support/servers'
import { type APIRequestContext, expect, type Locator, signedInAs, test } from './support/test'

test.use({ timezoneId: 'UTC' })

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path)
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true)
  return (await res.json()) as T
}

/**
 * A call of a team, placed with the account's API key straight at the voice service (a manager may not
 * place calls in the console): the console's index learns of it on its next sync, "outside this console".
 */
async function placeTeamCall(request: APIRequestContext, team: string) {
  const response = await request.post(`${origin(ports.sim)}/api/v1/voice/calls`, {
    headers: {
      Authorization: `Bearer ${DEMO_KEY}`,
      'Idempotency-Key': crypto.randomUUID(),
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
    },
    data: { caller_id: await firstCallerId(request), destination: NUMBERS.answers, record: false, metadata: { team } },
  })
  expect(response.ok(), `placing a call answered ${response.status()}`).toBe(true)
}

/** Each bar's label and minutes, as the chart says them (drawn once it comes near the viewport, as a person scrolls to it). */
async function barsOf(chart: Locator): Promise<[string, number][]> {
  await chart.scrollIntoViewIfNeeded()
  const bars = chart.locator('rect[data-label]')
  await expect(bars.first()).toBeAttached()
  return bars.evaluateAll((rects) =>
    rects.map((rect): [string, number] => [rect.getAttribute('data-label') ?? '', Number(rect.dataset.minutes)]),
  )
}

/** Each body row's header and Minutes cell, as the table shows them, without the Total row. */
async function rowsOf(table: Locator): Promise<[string, number][]> {
  const rows = table.locator('tbody tr')
  await expect(rows.first()).toBeVisible()
  const read = await rows.evaluateAll((trs) =>
    trs.map((tr): [string, string] => [
      tr.querySelector('th')?.firstChild?.textContent?.trim() ?? '',
      tr.querySelector('td')?.textContent ?? '',
    ]),
  )
  return read
    .filter(([label]) => label !== 'Total')
    .map(([label, minutes]) => [label, Number(minutes.replace(/,/g, ''))])
}

test.describe('as a manager', () => {
  test.use(signedInAs('manager'))

  test('minutes per day and by person, chart equal to table; a metadata key kept in the URL; the CSV', async ({
    page,
    request,
  }) => {
    // A call of this run's own team, so the period has the key `team` with a value only this run uses.
    const team = `e2e-${Date.now().toString(36)}`
    await placeTeamCall(request, team)
    const usage = await apiGet<UsageSummary>(request, '/api/v1/voice/usage')
    const period = `from=${usage.period_start}&to=${usage.period_end}&tz=UTC`
    // The index learns of the call on its next sync: wait until the breakdown by team has this run's value.
    await expect
      .poll(
        async () =>
          (
            await apiGet<BreakdownResponse>(request, `/api/console/usage/breakdown?${period}&by=metadata&key=team`)
          ).rows.map((row) => row.value),
        { timeout: 30_000 },
      )
      .toContain(team)

    await page.goto('/usage')
    const days = page.getByRole('region', { name: 'Minutes per day' })
    const daysTable = days.getByRole('table', { name: /of each day/ })
    await expect(daysTable).toBeVisible()
    // Every day of the period, in the chart and the table alike.
    const api = await apiGet<UsageDaysResponse>(request, `/api/console/usage/days?${period}`)
    const dayBars = await barsOf(days.getByTestId('usage-days-chart'))
    expect(dayBars).toHaveLength(api.days.length)
    // The table lists the days up to today and folds the days to come, all without calls, into one line.
    const dayRows = (await rowsOf(daysTable)).filter(([label]) => !/ to come, /.test(label))
    expect(dayRows).toEqual(dayBars.slice(0, dayRows.length))
    const toCome = dayBars.length - dayRows.length
    if (toCome > 0) {
      expect(dayBars.slice(dayRows.length).every(([, minutes]) => minutes === 0)).toBe(true)
      await expect(daysTable.getByRole('rowheader', { name: new RegExp(`^${toCome} days? to come, `) })).toBeVisible()
    }
    // The sum is held against the service's own figure, and the page says how they compare.
    const sum = dayBars.reduce((total, [, minutes]) => total + minutes, 0)
    await expect(days.getByTestId('index-difference')).toContainText(
      new RegExp(
        `^The days add up to ${formatNumber(sum)} minutes?(, the same as|, [\\d,]+ (fewer|more) than) the service's minutes used`,
      ),
    )
    await expect(
      page
        .getByRole('region', { name: 'Where the minutes went' })
        .getByText(/^Period \w{3} \d{1,2}, \d{4}, 00:00 – \w{3} \d{1,2}, \d{4}, 00:00 \(UTC\) \(current\)$/),
    ).toBeVisible()

    // By person, the first breakdown: the chart says what the table says.
    const breakdown = page.getByRole('region', { name: 'Breakdown' })
    await expect(breakdown.getByRole('radio', { name: 'Person' })).toBeChecked()
    const byPerson = breakdown.getByRole('table', { name: /by person/ })
    await expect(byPerson.getByRole('columnheader', { name: 'Placed by' })).toBeVisible()
    expect(await rowsOf(byPerson)).toEqual(await barsOf(breakdown.getByTestId('usage-breakdown-chart')))

    // By the metadata key `team`: the URL keeps the choice, so a reload (or a link) shows it again.
    await breakdown.getByRole('radio', { name: 'Metadata key' }).check()
    await expect(page).toHaveURL(/[?&]by=metadata/)
    await breakdown.getByRole('combobox', { name: 'Metadata key' }).selectOption('team')
    await expect(page).toHaveURL(/[?&]key=team/)
    await page.reload()
    await expect(breakdown.getByRole('radio', { name: 'Metadata key' })).toBeChecked()
    await expect(breakdown.getByRole('combobox', { name: 'Metadata key' })).toHaveValue('team')
    const byTeam = breakdown.getByRole('table', { name: /by the value of team/ })
    await expect(byTeam.getByRole('rowheader', { name: team })).toBeVisible()
    expect(await rowsOf(byTeam)).toEqual(await barsOf(breakdown.getByTestId('usage-breakdown-chart')))

    // The CSV has the same rows as the server's breakdown for the same params.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      breakdown.getByRole('link', { name: 'Download CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.csv$/)
    const csv = await readFile(await download.path(), 'utf8')
    const json = await apiGet<BreakdownResponse>(request, `/api/console/usage/breakdown?${period}&by=metadata&key=team`)
    expect(csv).toContain(team)
    // UTF-8 with its byte order mark for spreadsheets, a header line, a line per row, and the totals last.
    expect(csv.startsWith('\uFEFF"team (metadata)","Billed minutes"')).toBe(true)
    const lines = csv.trimEnd().split('\r\n')
    expect(lines).toHaveLength(json.rows.length + 2)
    expect(lines.at(-1)).toMatch(/^"Total",/)
  })

  test('a past period from the picker is kept in the URL and broken down by its own instants', async ({
    page,
    request,
  }) => {
    const history = await apiGet<{ periods: { period_start: string | null; period_end: string | null }[] }>(
      request,
      '/api/v1/voice/usage/history?limit=6',
    )
    const usage = await apiGet<UsageSummary>(request, '/api/v1/voice/usage')
    const past = history.periods.find((p) => p.period_start && p.period_start !== usage.period_start)
    test.skip(!past?.period_start, 'the simulator has no past period')
    await page.goto('/usage?by=weekday')
    const picker = page.getByRole('combobox', { name: 'Billing period' })
    await picker.selectOption(past?.period_start ?? '')
    await expect(page).toHaveURL(/[?&]period=/)
    await expect(page).toHaveURL(/[?&]by=weekday/)
    const breakdown = page.getByRole('region', { name: 'Breakdown' })
    // Every weekday listed, Monday first, in the chart and the table alike (or the period had no calls).
    await expect(
      breakdown.getByRole('table', { name: /by day of week/ }).or(breakdown.getByText('No calls in this period')),
    ).toBeVisible()
    if (await breakdown.getByText('No calls in this period').isVisible()) return
    const rows = await rowsOf(breakdown.getByRole('table', { name: /by day of week/ }))
    expect(rows.map(([label]) => label)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ])
    expect(rows).toEqual(await barsOf(breakdown.getByTestId('usage-breakdown-chart')))
  })
  test("a breakdown that fails says the server's words, and Retry recovers", async ({ page }) => {
    // The one state the running console does not reach on its own: staged on the page's own request.
    await page.route('**/api/console/usage/breakdown?*', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/problem+json',
        json: { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Staged failure for the test.' },
      }),
    )
    await page.goto('/usage?by=outcome')
    const breakdown = page.getByRole('region', { name: 'Breakdown' })
    await expect(breakdown.getByRole('alert')).toContainText('Could not load the breakdown')
    await expect(breakdown.getByRole('alert')).toContainText('Staged failure for the test.')
    await page.unroute('**/api/console/usage/breakdown?*')
    await breakdown.getByRole('button', { name: 'Retry' }).click()
    await expect(
      breakdown.getByRole('table', { name: /by outcome/ }).or(breakdown.getByText('No calls in this period')),
    ).toBeVisible()
  })
})

test.describe('as support', () => {
  test.use(signedInAs('support'))

  test('support cannot open the usage page, and the server refuses its breakdowns', async ({ page, request }) => {
    await page.goto('/usage?by=metadata&key=team')
    await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Breakdown' })).toHaveCount(0)
    const res = await request.get(
      '/api/console/usage/breakdown?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z&by=person',
    )
    expect(res.status()).toBe(403)
    expect(res.headers()['content-type']).toContain('application/problem+json')
  })
})
