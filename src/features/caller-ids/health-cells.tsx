import { formatAnswered, formatCallsPerDay, formatShortCalls, healthTrend } from '@/api/caller-id-health-words'
import { MIN_ENDED_CALLS } from '@/api/contract/caller-id-health-flag'
import { type CallerIdHealth, HEALTH_WINDOW_CALLS } from '@/api/contract/usage-breakdown-schemas'
import { Badge } from '@/components/ui/badge'
import { TableCell, TableHead } from '@/components/ui/table'

/** The health columns' headers; `period` adds the current billing period's answer rate. */
export function HealthHeads({ period }: { period: boolean }) {
  return (
    <>
      <TableHead>Health</TableHead>
      <TableHead>Answered (last {HEALTH_WINDOW_CALLS})</TableHead>
      <TableHead>Trend</TableHead>
      {period && <TableHead>Answered this period</TableHead>}
      <TableHead>Short calls</TableHead>
      <TableHead>Calls a day</TableHead>
    </>
  )
}

export type HealthState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; health?: CallerIdHealth }

/** One caller ID's health cells: its numbers, or one word for why there are none. */
export function HealthCells({ state, period }: { state: HealthState; period: boolean }) {
  const columns = period ? 6 : 5
  if (state.status !== 'ready' || !state.health) {
    const text =
      state.status === 'loading' ? 'Loading…' : state.status === 'error' ? 'Not available' : 'No ended calls yet'
    return Array.from({ length: columns }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns, in their order.
      <TableCell key={index} className="text-slate-500 dark:text-slate-400">
        {index === 0 ? text : '—'}
      </TableCell>
    ))
  }
  const { recent, previous, callsPerDay, flag } = state.health
  const trend = healthTrend(recent, previous)
  return (
    <>
      <TableCell className="min-w-36">
        {flag ? (
          <span className="flex flex-col items-start gap-1">
            <Badge tone="warning">Answered less than usual</Badge>
            <span className="text-xs">{flag.reason}</span>
          </span>
        ) : recent.ended < MIN_ENDED_CALLS ? (
          <span className="text-slate-600 dark:text-slate-400">Too few calls to judge</span>
        ) : (
          'Not flagged'
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatAnswered(recent)}</TableCell>
      <TableCell className="min-w-32">
        {trend.arrow && (
          <span aria-hidden="true" className="mr-1">
            {trend.arrow}
          </span>
        )}
        {trend.words}
      </TableCell>
      {period && (
        <TableCell className="whitespace-nowrap tabular-nums">
          {state.health.period ? formatAnswered(state.health.period) : '—'}
        </TableCell>
      )}
      <TableCell className="whitespace-nowrap tabular-nums">{formatShortCalls(recent)}</TableCell>
      <TableCell className="tabular-nums">{formatCallsPerDay(callsPerDay)}</TableCell>
    </>
  )
}
