// Issue 53, items 1 and 8: a manager reads /usage at a glance on a laptop, a wide screen and a phone (one way to
// write the period, cards side by side where there is room, the days to come folded into one line, nothing to
// scroll sideways), the Caller IDs' status is in sight, and the header stays put from page to page.
import type { UsageSummary } from '../server/simulator/contract/schemas'
import type { UsageDaysResponse } from '../src/api/contract/usage-breakdown-schemas'
import { formatPeriod } from '../src/lib/usage-format'
import { axeViolations } from './support/axe'
import { type APIRequestContext, expect, type Locator, type Page, signedInAs, test } from './support/test'

// A zone whose clock is not UTC's, so a period written in two ways would show.
const ZONE = 'Europe/Berlin'
test.use({ timezoneId: ZONE })

const SIZES = [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'wide screen', width: 1920, height: 1080 },
  { name: 'phone', width: 390, height: 844 },
] as const

const HOUR = 3_600_000

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path)
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true)
  return (await res.json()) as T
}

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  expect(found, 'the element has a box').not.toBeNull()
  return found as { x: number; y: number; width: number; height: number }
}

/**
 * How far apart two regions' tops are, polled until the page settles: sections load on their own (the cost card,
 * the reports) and move what follows them between two separate reads of a box.
 */
async function expectSameTop(first: Locator, second: Locator) {
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([box(first), box(second)])
      return a.y - b.y
    })
    .toBe(0)
}

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/**
 * The page's clock a day and a half into the period, and the period's days from the third on without calls (the
 * simulator's own calls fall on any day): whatever today is, the days from the third on are the days to come.
 */
async function stageDaysToCome(page: Page, usage: UsageSummary) {
  await page.clock.setFixedTime(Date.parse(usage.period_start ?? '') + 36 * HOUR)
  await page.route('**/api/console/usage/days?*', async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as UsageDaysResponse
    const days = body.days.map((day, index) =>
      index < 2
        ? day
        : { ...day, minutes: 0, calls: 0, ended: 0, completed: 0, answerRate: null, averageDurationSeconds: null },
    )
    await route.fulfill({ response, json: { ...body, days } })
  })
}

/** "Dec 3": a day's date as the table writes it, read apart from the page's own code. */
const dayMonth = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(`${date}T00:00:00Z`),
  )

test.describe('as a manager', () => {
  test.use(signedInAs('manager'))

  for (const size of SIZES) {
    test(`/usage at a glance on a ${size.name} (${size.width}x${size.height})`, async ({ page, request }, info) => {
      await page.setViewportSize({ width: size.width, height: size.height })
      const usage = await apiGet<UsageSummary>(request, '/api/v1/voice/usage')
      const from = usage.period_start ?? ''
      const to = usage.period_end ?? ''
      const api = await apiGet<UsageDaysResponse>(
        request,
        `/api/console/usage/days?from=${from}&to=${to}&tz=${encodeURIComponent(ZONE)}`,
      )
      await stageDaysToCome(page, usage)
      await page.goto('/usage')

      // One way to write the period: the lead card, the period chooser, the breakdowns and the history agree.
      const period = formatPeriod(from, to, ZONE)
      expect(period, 'the reader’s clock, not UTC').not.toContain('UTC')
      const current = page.getByRole('region', { name: 'Current period' })
      await expect(current).toContainText(`Period ${period}`)
      await expect(page.getByLabel('Billing period').locator('option').first()).toHaveText(`Current period: ${period}`)
      const minutesWent = page.getByRole('region', { name: 'Where the minutes went' })
      await expect(minutesWent.getByText(`Period ${period} (current)`, { exact: true })).toBeVisible()
      const history = page.getByRole('region', { name: 'History' })
      const newest =
        size.width < 640
          ? history.getByRole('list', { name: 'Usage per billing period, newest first' }).getByRole('listitem').first()
          : history.getByRole('table').locator('tbody tr').first().getByRole('rowheader')
      await expect(newest).toContainText(period)
      // UTC, as the service counts it, on hover.
      await expect(current.getByTitle(`In UTC, as the service counts it: ${formatPeriod(from, to, 'UTC')}`)).toHaveText(
        period,
      )

      // The days to come in one line, between the days so far and the total.
      const daysTable = page
        .getByRole('region', { name: 'Minutes per day' })
        .getByRole('table', { name: /of each day/ })
      const toCome = api.days.slice(2)
      const first = toCome[0]
      const last = toCome.at(-1)
      expect(first && last, 'the period has days after its second').toBeTruthy()
      const line = `${toCome.length} days to come, ${dayMonth(first?.date ?? '')} – ${dayMonth(last?.date ?? '')}`
      await expect(daysTable.getByRole('rowheader', { name: line, exact: true })).toBeVisible()
      await expect(daysTable.locator('tbody tr')).toHaveCount(2 + 1 + 1)

      // Who drove the minutes comes before the day-by-day table.
      const breakdown = page.getByRole('region', { name: 'Breakdown' })
      await expect(breakdown.getByRole('table')).toBeVisible()
      expect((await box(breakdown)).y).toBeLessThan((await box(daysTable)).y)

      // From 1280 px the cards pair up; below, one column.
      const pacing = page.getByRole('region', { name: 'Pacing' })
      const [lead, pace] = [await box(current), await box(pacing)]
      if (size.width >= 1280) {
        await expectSameTop(pacing, current)
        expect(pace.x).toBeGreaterThanOrEqual(lead.x + lead.width)
        await expectSameTop(page.getByRole('region', { name: 'Work by person', exact: true }), breakdown)
      } else {
        expect(pace.y).toBeGreaterThanOrEqual(lead.y + lead.height)
      }
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0)

      await page.screenshot({ path: info.outputPath(`usage-${size.width}.png`), fullPage: true })
      expect(await axeViolations(page)).toEqual([])
    })
  }

  for (const size of [SIZES[0], SIZES[2]]) {
    test(`Caller IDs' status in sight on a ${size.name}`, async ({ page }, info) => {
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.goto('/caller-ids')
      // A table from sm up, the status beside the number; on a phone a card per number, its status beside it too.
      const phone = size.width < 640
      const table = page.getByRole('table', { name: 'Caller IDs of the account' })
      const cards = page.getByRole('list', { name: 'Caller IDs of the account' })
      const status = phone
        ? cards.getByRole('listitem').first().getByText('Verified', { exact: true }).first()
        : table.locator('tbody tr').first().getByRole('cell').first()
      if (!phone) await expect(table.getByRole('columnheader').nth(1)).toHaveText('Verification')
      await expect(phone ? table : cards).toBeHidden()
      await expect(status).toBeVisible()
      const cell = await box(status)
      expect(cell.x).toBeGreaterThanOrEqual(0)
      expect(cell.x + cell.width).toBeLessThanOrEqual(size.width)
      // What does not fit scrolls in a region a keyboard reaches, and a line says so; the page itself never does.
      const scrolled =
        !phone &&
        (await table.evaluate((element) => {
          const frame = element.parentElement as HTMLElement
          return frame.scrollWidth > frame.clientWidth
        }))
      if (scrolled) {
        await expect(page.getByText('Wider than the screen: scroll sideways to see every column')).toBeVisible()
        await expect(page.getByRole('region', { name: 'Caller IDs table' })).toHaveAttribute('tabindex', '0')
      }
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
      await page.screenshot({ path: info.outputPath(`caller-ids-${size.width}.png`), fullPage: true })
      expect(await axeViolations(page)).toEqual([])
    })
  }
})

test.describe('as an admin', () => {
  test.use(signedInAs('admin'))

  for (const size of [SIZES[0], SIZES[1]]) {
    test(`the header does not move between Calls, New call and Usage (${size.width}x${size.height})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height })
      const boxes: Record<string, unknown> = {}
      for (const [path, heading] of [
        ['/calls', 'Calls'],
        ['/calls/new', 'New call'],
        ['/usage', 'Usage'],
      ] as const) {
        await page.goto(path)
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
        const header = page.getByRole('banner')
        const nav = header.getByRole('navigation', { name: 'Main' })
        boxes[path] = { header: await box(header), nav: await box(nav) }
      }
      expect(boxes['/calls/new']).toEqual(boxes['/calls'])
      expect(boxes['/usage']).toEqual(boxes['/calls'])
    })
  }
})
