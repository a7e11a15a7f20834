import type { LiveTally } from '@/api/contract/live-schemas'
import { cn } from '@/lib/cn'
import { answerRate } from './board-rows'

function Counter({ label, value, wall }: { label: string; value: string; wall: boolean }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <dt className={cn('font-medium text-slate-600 dark:text-slate-400', wall ? 'text-xl' : 'text-sm')}>{label}</dt>
      <dd className={cn('font-semibold tabular-nums', wall ? 'text-6xl' : 'text-3xl')}>{value}</dd>
    </div>
  )
}

/** In flight (as filtered), and the whole account's last hour: completed, failed, answer rate. */
export function BoardCounters({ inFlight, tally, wall }: { inFlight: number; tally: LiveTally | null; wall: boolean }) {
  const atLeast = tally && !tally.complete ? '≥ ' : ''
  const rate = tally ? answerRate(tally) : null
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <Counter label="In flight" value={String(inFlight)} wall={wall} />
      <Counter label="Completed, last hour" value={tally ? `${atLeast}${tally.completed}` : '—'} wall={wall} />
      <Counter label="Failed, last hour" value={tally ? `${atLeast}${tally.failed}` : '—'} wall={wall} />
      <Counter label="Answer rate, last hour" value={rate === null ? '—' : `${rate}%`} wall={wall} />
    </dl>
  )
}
