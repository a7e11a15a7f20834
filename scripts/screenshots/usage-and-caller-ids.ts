// README screenshots of the caller-ID verification panel, the usage page and its breakdowns.
// scripts/screenshots.ts starts the servers and calls shoot() with a page.
import { join } from 'node:path'
import type { Page } from '@playwright/test'

/** The simulator never answers this number, so the panel stays in its waiting state for the picture. */
const NEVER_VERIFIES = '+15005550009'

/** Writes caller-id-verification.png, usage.png and usage-breakdowns.png to outDir and returns their paths. */
export async function shoot(page: Page, baseURL: string, outDir: string): Promise<string[]> {
  await page.goto(new URL('/caller-ids', baseURL).href)
  await page.getByRole('table', { name: 'Caller IDs of the account' }).waitFor()
  await page.getByLabel('Phone number').fill(NEVER_VERIFIES)
  await page.getByRole('button', { name: 'Start verification' }).click()
  await page.getByLabel('Validation code', { exact: true }).waitFor()
  // A few seconds on the clock make the elapsed time and progress bar meaningful.
  await page.waitForTimeout(3000)
  const verification = join(outDir, 'caller-id-verification.png')
  await page.screenshot({ path: verification, fullPage: true })

  await page.goto(new URL('/usage', baseURL).href)
  // Charts are drawn once they come near the viewport (ChartFrame): each is scrolled to for the whole page's picture.
  await page.getByTestId('usage-history-chart').waitFor()
  for (const chart of await page.locator('figure[data-testid$="-chart"]').all()) await chart.scrollIntoViewIfNeeded()
  await page.getByTestId('usage-history-chart').locator('.recharts-bar-rectangle').first().waitFor()
  await page.getByRole('progressbar', { name: 'Minutes used of committed' }).waitFor()
  const usage = join(outDir, 'usage.png')
  await page.screenshot({ path: usage, fullPage: true })

  // Where the minutes went, by caller ID: the days and one breakdown, each a chart beside its table.
  await page.goto(new URL('/usage?by=caller_id', baseURL).href)
  const breakdowns = page.getByRole('region', { name: 'Where the minutes went' })
  // A bar with minutes: a zero-height one is there at once, but hidden.
  const drawnBar = 'rect[data-label]:not([data-minutes="0"])'
  await breakdowns.getByTestId('usage-breakdown-chart').scrollIntoViewIfNeeded()
  await breakdowns.getByTestId('usage-days-chart').locator(drawnBar).first().waitFor()
  await breakdowns.getByTestId('usage-breakdown-chart').locator(drawnBar).first().waitFor()
  const breakdown = join(outDir, 'usage-breakdowns.png')
  await breakdowns.screenshot({ path: breakdown })
  return [verification, usage, breakdown]
}
