// Live status latency: calls placed through the API, each watched on its call page, compared
// with the stored plan of the call. Simulator, browser and this process share the machine's
// clock, so Date.now() in the page and the plan's times are comparable.
import { type APIRequestContext, type Browser, type BrowserContext, type Request, request } from '@playwright/test'
import Database from 'better-sqlite3'
import { NUMBERS, placeCall } from '../../e2e/support/api'
import { createCallQueries } from '../../server/simulator/db/call-queries'
import { planOf } from '../../server/simulator/routes/call-views'
import { API_PREFIX } from '../../src/api/contract/schemas'
import { callStatusMeta, LIVE_POLL_MS } from '../../src/features/calls/shared/call-status'
import type { BenchSession } from '../console'
import { type LiveTransition, liveTransitions, type ShownStatus, type StoredPlan } from './live-latency'
import { median, percentile } from './stats'

export interface LiveStatusFigures {
  pollMs: number
  latenciesMs: number[]
  medianMs: number
  p90Ms: number
  transitions: LiveTransition[]
  mismatches: number
  /** Status requests per call, from opening its page to the final status. */
  requestsPerCall: number[]
  requestsPerWatchedSecond: number
  /** Status requests sent after the final status was shown (ms after it), over all calls: polling must stop. */
  requestsAfterEndMs: number[]
}

// The status line of the call page (features/calls/detail/call-live-view.tsx), also what the e2e specs read.
const STATUS_PREFIX = 'Call status: '
const MARK = '__benchShownStatus'

/** Runs in the page before its own scripts: records every status label shown, with Date.now(). */
function recordShownStatus({ prefix, mark }: { prefix: string; mark: string }) {
  const shown: { label: string; at: number }[] = []
  ;(window as unknown as Record<string, unknown>)[mark] = shown
  const observer = new MutationObserver(() => {
    for (const element of document.querySelectorAll('[role="status"]')) {
      const text = element.textContent ?? ''
      if (!text.startsWith(prefix)) continue
      const label = text.slice(prefix.length)
      if (shown.at(-1)?.label !== label) shown.push({ label, at: Date.now() })
      return
    }
  })
  observer.observe(document, { childList: true, subtree: true, characterData: true })
}

interface Watched {
  plan: StoredPlan
  shown: ShownStatus[]
  requestTimes: number[]
}

interface WatchSetup {
  api: APIRequestContext
  context: BrowserContext
  findPlan: (callId: string) => StoredPlan
}

async function watchCall({ api, context, findPlan }: WatchSetup, destination: string): Promise<Watched> {
  const call = await placeCall(api, { destination })
  const plan = findPlan(call.call_id)
  const page = await context.newPage()
  try {
    const requestTimes: number[] = []
    const statusPath = `${API_PREFIX}/calls/${call.call_id}/status`
    // The browser's own send time: the Node side hears of a request later, and later still on a busy machine.
    const record = (sent: Request) => {
      if (new URL(sent.url()).pathname === statusPath) requestTimes.push(sent.timing().startTime)
    }
    page.on('requestfinished', record)
    page.on('requestfailed', record)
    await page.goto(`/calls/${call.call_id}`)
    await page.waitForFunction(
      ({ mark, label }) => ((window as unknown as Record<string, ShownStatus[]>)[mark] ?? []).at(-1)?.label === label,
      { mark: MARK, label: callStatusMeta(plan.outcome).label },
      { timeout: Math.max(0, plan.endedAtMs - Date.now()) + 60_000, polling: 100 },
    )
    // Stay a few poll intervals longer: a finished call must not be asked for again.
    await page.waitForTimeout(3 * LIVE_POLL_MS)
    const shown = await page.evaluate((mark) => (window as unknown as Record<string, ShownStatus[]>)[mark] ?? [], MARK)
    return { plan, shown, requestTimes }
  } finally {
    await page.close()
  }
}

function summarise(watched: Watched[]): LiveStatusFigures {
  const transitions: LiveTransition[] = []
  let mismatches = 0
  const requestsAfterEndMs: number[] = []
  let watchedMs = 0
  const requestsPerCall: number[] = []
  for (const { plan, shown, requestTimes } of watched) {
    const result = liveTransitions(plan, shown)
    transitions.push(...result.transitions)
    mismatches += result.mismatches
    const endShownAt = shown.at(-1)?.at ?? Number.POSITIVE_INFINITY
    requestsPerCall.push(requestTimes.filter((at) => at <= endShownAt).length)
    requestsAfterEndMs.push(...requestTimes.filter((at) => at > endShownAt).map((at) => at - endShownAt))
    watchedMs += endShownAt - (shown[0]?.at ?? endShownAt)
  }
  const latenciesMs = transitions.map((transition) => transition.latencyMs)
  return {
    pollMs: LIVE_POLL_MS,
    latenciesMs,
    medianMs: median(latenciesMs),
    p90Ms: percentile(latenciesMs, 90),
    transitions,
    mismatches,
    requestsPerCall,
    requestsPerWatchedSecond: requestsPerCall.reduce((sum, count) => sum + count, 0) / (watchedMs / 1000),
    requestsAfterEndMs,
  }
}

/** Places `calls` calls (alternately answered and unanswered test numbers) and watches them all at once. */
export async function measureLiveStatus(
  browser: Browser,
  { appUrl, session, dbPath, calls }: { appUrl: string; session: BenchSession; dbPath: string; calls: number },
): Promise<LiveStatusFigures> {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  const api = await request.newContext({ baseURL: appUrl, extraHTTPHeaders: { cookie: session.cookie } })
  const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 1350, height: 940 } })
  try {
    await context.addCookies([{ name: session.name, value: session.value, url: appUrl }])
    const queries = createCallQueries(db)
    const findPlan = (callId: string) => {
      const row = queries.findStateAnyAccount(callId)
      if (!row) throw new Error(`Call ${callId} is not in the simulator's database`)
      return planOf(row)
    }
    await context.addInitScript(recordShownStatus, { prefix: STATUS_PREFIX, mark: MARK })
    // One page load first, so the watchers find the bundle cached, as a user moving around the app would.
    const warmUp = await context.newPage()
    await warmUp.goto('/calls')
    await warmUp.close()
    console.error(`Live status: watching ${calls} calls`)
    const destinations = Array.from({ length: calls }, (_, index) => (index % 2 ? NUMBERS.fails : NUMBERS.answers))
    const watched = await Promise.all(
      destinations.map(async (destination, index) => {
        // Staggered, so the pages do not all load in the same instant on a small machine.
        await new Promise((resolve) => setTimeout(resolve, index * 400))
        return watchCall({ api, context, findPlan }, destination)
      }),
    )
    return summarise(watched)
  } finally {
    await context.close()
    await api.dispose()
    db.close()
  }
}
