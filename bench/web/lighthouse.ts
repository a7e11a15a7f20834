// Lighthouse with its desktop preset in Debian's Chromium (launched by chrome-launcher):
// the median of every figure per page over the runs.
import { launch } from 'chrome-launcher'
import lighthouse, { desktopConfig, type Result } from 'lighthouse'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium'
import type { BenchPage } from './pages'
import { median } from './stats'

export interface LighthouseFigures {
  performance: number
  accessibility: number
  bestPractices: number
  lcpMs: number
  tbtMs: number
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

async function lighthouseResult(url: string, port: number): Promise<Result> {
  let lastError = ''
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const result = await lighthouse(url, { port, logLevel: 'error', onlyCategories: CATEGORIES }, desktopConfig)
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' }
    if (result && !error) return result.lhr
    lastError = `${error?.code} ${error?.message}`
    console.error(`  attempt ${attempt}/${ATTEMPTS} failed: ${lastError}`)
  }
  throw new Error(`Lighthouse on ${url}: ${lastError}`)
}

async function audit(
  url: string,
  port: number,
): Promise<Omit<LighthouseFigures, 'failedAudits'> & { failed: string[] }> {
  const lhr = await lighthouseResult(url, port)
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    failed: failedAudits(lhr),
  }
}

export async function runLighthouse(pages: BenchPage[], runs: number): Promise<Map<string, LighthouseFigures>> {
  const chrome = await launch({ chromePath: findChromium(), chromeFlags: [...CHROMIUM_ARGS, '--headless=new'] })
  try {
    const samples = new Map<string, Awaited<ReturnType<typeof audit>>[]>(pages.map((page) => [page.name, []]))
    // Pages alternate within a run, so a burst of load on the machine does not hit one page only.
    for (let run = 1; run <= runs; run++) {
      for (const page of pages) {
        console.error(`Lighthouse run ${run}/${runs}: ${page.name}`)
        samples.get(page.name)?.push(await audit(page.url, chrome.port))
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
          failedAudits: [...new Set(list.flatMap((sample) => sample.failed))],
        },
      ]),
    )
  } finally {
    chrome.kill()
  }
}
