// What a report says, gathered once for its period: the usage page's own figures (usage/usage-reports.ts), the
// billing period against the commitment with the usage page's pace (contract/period-pace.ts, from the same daily
// series as the alert rule), and the caller IDs that caller-ID health flags. Nothing here is computed twice.
import type { IndexState } from '../../../src/api/contract/call-index-schemas'
import type { Pace } from '../../../src/api/contract/period-pace'
import type { ReportFrequency } from '../../../src/api/contract/report-subscription-schemas'
import type { UsageSummary } from '../../../src/api/contract/schemas'
import type { BreakdownRow } from '../../../src/api/contract/usage-breakdown-schemas'
import { periodUsageOf } from '../alerts/rules/period-usage'
import { paceOf } from '../alerts/rules/projected-over-check'
import { failureText } from '../alerts/rules/usage-upstream'
import { readFlaggedCallerIds } from '../caller-ids/read-health'
import type { UpstreamAnswer } from '../proxy/upstream-get'
import type { ConsoleStore } from '../store'
import { createUsageReports } from '../usage/usage-reports'
import type { ReportPeriod } from './report-periods'

interface BillingFigures {
  periodStartMs: number
  periodEndMs: number
  committedMinutes: number
  usedMinutes: number
  pace: Pace
}

export interface ReportFigures {
  frequency: ReportFrequency
  timeZone: string
  period: ReportPeriod
  minutes: number
  calls: number
  /** The billing period as the voice service states it, or why it could not be read. */
  billing: BillingFigures | { unavailable: string }
  /** Every row (most minutes first, up to the breakdowns' 50); the email shows the first five. */
  byPerson: BreakdownRow[]
  byCallerId: BreakdownRow[]
  byOutcome: BreakdownRow[]
  flagged: { callerId: string; reason: string }[]
  /** The console's /usage page (CONSOLE_PUBLIC_URL). */
  usageUrl: string
  readAtMs: number
}

export interface FigureSources {
  store: ConsoleStore
  indexState: () => Promise<Pick<IndexState, 'listingComplete' | 'syncedTo'>>
  /** The voice service's GET /usage. */
  readUsage: () => Promise<UpstreamAnswer<UsageSummary>>
  consoleUrl: string
}

async function billingOf(sources: FigureSources, nowMs: number): Promise<ReportFigures['billing']> {
  const answer = await sources.readUsage()
  if (answer.kind !== 'ok')
    return { unavailable: `the voice service’s usage could not be read (${failureText(answer)})` }
  const usage = periodUsageOf(answer.body, nowMs)
  if ('unusable' in usage) return { unavailable: `the voice service’s usage answered, but ${usage.unusable}` }
  const sums = await sources.store.alertRules.dailyBilledMinutes(
    usage.periodStartMs,
    Math.min(nowMs, usage.periodEndMs),
  )
  return { ...usage, pace: paceOf(usage, sums, nowMs) }
}

export async function gatherReportFigures(
  sources: FigureSources,
  subscription: { frequency: ReportFrequency; timeZone: string },
  period: ReportPeriod,
  nowMs: number,
): Promise<ReportFigures> {
  const reports = createUsageReports({ store: sources.store, indexState: sources.indexState })
  const range = { fromMs: period.startMs, toMs: period.endMs, timeZone: subscription.timeZone }
  const [days, byPerson, byCallerId, byOutcome, billing, flagged] = await Promise.all([
    reports.days(range),
    reports.breakdown(range, 'person', undefined),
    reports.breakdown(range, 'caller_id', undefined),
    reports.breakdown(range, 'outcome', undefined),
    billingOf(sources, nowMs),
    readFlaggedCallerIds(sources.store),
  ])
  return {
    ...subscription,
    period,
    minutes: days.totals.minutes,
    calls: days.totals.calls,
    billing,
    byPerson: byPerson.rows,
    byCallerId: byCallerId.rows,
    byOutcome: byOutcome.rows,
    flagged,
    usageUrl: new URL('/usage', sources.consoleUrl).toString(),
    readAtMs: nowMs,
  }
}
