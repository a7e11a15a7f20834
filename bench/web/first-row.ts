// Time from navigation start to the first row of the calls table, measured inside the page:
// a MutationObserver sees the row inserted, and the next animation frame (the frame that
// paints it) gives the time, as performance.now() counts from the navigation's timeOrigin.
import type { Browser, Page } from '@playwright/test'
import type { BenchSession } from '../console'
import { median } from './stats'

export interface FirstRowFigures {
  coldMs: number
  warmMs: number
  coldRuns: number[]
  warmRuns: number[]
}

const ROW = 'table tbody tr'
const MARK = '__benchFirstRowMs'

/** Runs in the page before its own scripts; `selector` and `mark` come from the arguments. */
function watchFirstRow({ selector, mark }: { selector: string; mark: string }) {
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return
    observer.disconnect()
    requestAnimationFrame(() => {
      ;(window as unknown as Record<string, number>)[mark] = performance.now()
    })
  })
  observer.observe(document, { childList: true, subtree: true })
}

async function firstRowMs(page: Page, url: string): Promise<number> {
  await page.goto(url)
  const handle = await page.waitForFunction(
    (mark) => (window as unknown as Record<string, number | undefined>)[mark],
    MARK,
    { timeout: 60_000 },
  )
  const ms = (await handle.jsonValue()) as number
  // The observer only saw the row in the DOM; check a user can actually see it.
  if (!(await page.locator(ROW).first().isVisible())) throw new Error(`The first calls row of ${url} is not visible`)
  return ms
}

/** Cold: a new browser context (empty cache, only the session cookie) per run. Warm: a second navigation in that context. */
export async function measureFirstRow(
  browser: Browser,
  { url, session }: { url: string; session: BenchSession },
  runs: number,
): Promise<FirstRowFigures> {
  const coldRuns: number[] = []
  const warmRuns: number[] = []
  for (let run = 1; run <= runs; run++) {
    console.error(`First calls row, run ${run}/${runs}`)
    const context = await browser.newContext({ viewport: { width: 1350, height: 940 } })
    try {
      await context.addCookies([{ name: session.name, value: session.value, url }])
      await context.addInitScript(watchFirstRow, { selector: ROW, mark: MARK })
      const page = await context.newPage()
      coldRuns.push(await firstRowMs(page, url))
      warmRuns.push(await firstRowMs(page, url))
    } finally {
      await context.close()
    }
  }
  return { coldMs: median(coldRuns), warmMs: median(warmRuns), coldRuns, warmRuns }
}
