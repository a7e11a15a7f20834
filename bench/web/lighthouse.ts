// Lighthouse with its desktop preset in Debian's Chromium (launched by chrome-launcher),
// signed in by sending the session cookie with every request: the median of every figure per page over the runs.
import { launch } from 'chrome-launcher'
import lighthouse, { desktopConfig, type Result } from 'lighthouse'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium'
import type { BenchSession } from '../console'
import type { BenchPage } from './pages'
import { median } from './stats'

export interface LighthouseFigures {
  performance: number
  accessibility: number
  bestPractices: number
  lcpMs: number
  tbtMs: number
  /** Cumulative layout shift: a quarter of the performance score, and what had kept the pages under 98. */
  cls: number
  /** Accessibility and best-practices audits that failed in at least one run: why a score is below 100. */
  failedAudits: string[]
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices']

// Performance audits are metrics that rarely score 1, so listing them would explain nothing.
const PASS_FAIL_CATEGORIES = ['accessibility', 'best-practices']

function failedAudits(lhr: Result): string[] {
  return PASS_FAIL_CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .filter((ref) => {
        const score = lhr.audits[ref.id]?.score
        return score !== null && score !== undefined && score < 1
      })
      .map((ref) => `${category}/${ref.id}`),
  )
}

// A busy machine sometimes loses the trace (NO_NAVSTART, NO_FCP); Lighthouse's advice is to run again.
const ATTEMPTS = 3

async function lighthouseResult(url: string, port: number, session: BenchSession): Promise<Result> {
  let lastError = ''
  // Lighthouse clears the browser's cookies before each audit; a header survives that.
  const flags = {
    port,
    logLevel: 'error' as const,
    onlyCategories: CATEGORIES,
    extraHeaders: { Cookie: session.cookie },
  }
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const result = await lighthouse(url, flags, desktopConfig)
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' }
    // Without a live session the page would be the sign-in page, and its figures would pass for this one's.
    if (result && !error && new URL(result.lhr.finalDisplayedUrl).pathname === '/sign-in') {
      throw new Error(`Lighthouse on ${url} was sent to the sign-in page: the session cookie did not pass`)
    }
    if (result && !error) return result.lhr
    lastError = `${error?.code} ${error?.message}`
    console.error(`  attempt ${attempt}/${ATTEMPTS} failed: ${lastError}`)
  }
  throw new Error(`Lighthouse on ${url}: ${lastError}`)
}

/** What the page wrote to the browser's console as errors: `errors-in-console` names no more than that it failed. */
function consoleErrors(lhr: Result): string[] {
  const details = lhr.audits['errors-in-console']?.details
  const items = details && 'items' in details ? (details.items as { source?: string; description?: string }[]) : []
  return items.map((item) => `${item.source ?? '?'}: ${String(item.description ?? '').slice(0, 300)}`)
}

async function audit(
  url: string,
  port: number,
  session: BenchSession,
): Promise<Omit<LighthouseFigures, 'failedAudits'> & { failed: string[] }> {
  const lhr = await lighthouseResult(url, port, session)
  for (const error of consoleErrors(lhr)) console.error(`  console error on ${new URL(url).pathname}: ${error}`)
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failed: failedAudits(lhr),
  }
}

export async function runLighthouse(
  pages: BenchPage[],
  runs: number,
  session: BenchSession,
): Promise<Map<string, LighthouseFigures>> {
  const chrome = await launch({ chromePath: findChromium(), chromeFlags: [...CHROMIUM_ARGS, '--headless=new'] })
  try {
    const samples = new Map<string, Awaited<ReturnType<typeof audit>>[]>(pages.map((page) => [page.name, []]))
    // Pages alternate within a run, so a burst of load on the machine does not hit one page only.
    for (let run = 1; run <= runs; run++) {
      for (const page of pages) {
        console.error(`Lighthouse run ${run}/${runs}: ${page.name}`)
        samples.get(page.name)?.push(await audit(page.url, chrome.port, session))
      }
    }
    return new Map(
      [...samples].map(([name, list]) => [
        name,
        {
          performance: median(list.map((sample) => sample.performance)),
          accessibility: median(list.map((sample) => sample.accessibility)),
          bestPractices: median(list.map((sample) => sample.bestPractices)),
          lcpMs: median(list.map((sample) => sample.lcpMs)),
          tbtMs: median(list.map((sample) => sample.tbtMs)),
          cls: median(list.map((sample) => sample.cls)),
          failedAudits: [...new Set(list.flatMap((sample) => sample.failed))],
        },
      ]),
    )
  } finally {
    chrome.kill()
  }
}
