import { cn } from '@/lib/cn'
import { formatNumber } from '@/lib/format'
import { formatPercent, type UsageLevel, usageLevel } from '@/lib/usage-format'

const FILL: Record<UsageLevel, string> = {
  normal: 'bg-indigo-600 dark:bg-indigo-400',
  warning: 'bg-amber-500 dark:bg-amber-400',
  over: 'bg-red-600 dark:bg-red-500',
}

const NOTE: Record<UsageLevel, string> = {
  normal: '',
  warning: 'Over 80% of the commitment is used.',
  over: 'The commitment is used up: further minutes are overage.',
}

/** Minutes used of committed, as a bar that turns amber at 80% and red at 100%. */
export function UsageMeter({ used, committed, percent }: { used: number; committed: number; percent: number }) {
  if (committed === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        No minutes are committed for this period, so there is nothing to measure against. {formatNumber(used)} minutes
        used.
      </p>
    )
  }
  const level = usageLevel(percent)
  const width = Math.min(100, percent)
  const summary = `${formatNumber(used)} of ${formatNumber(committed)} committed minutes used`
  return (
    <div>
      <div
        role="progressbar"
        aria-label="Minutes used of committed"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        aria-valuetext={`${summary} (${formatPercent(percent)})`}
        data-level={level}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className={cn('h-full rounded-full', FILL[level])} style={{ width: `${width}%` }} />
      </div>
      <p className="mt-1.5 flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-slate-600 dark:text-slate-400">
        <span>{summary}</span>
        <span className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">{formatPercent(percent)}</span>
      </p>
      {NOTE[level] && (
        <p
          className={cn(
            'mt-1 text-sm',
            level === 'over' ? 'text-red-700 dark:text-red-300' : 'text-amber-800 dark:text-amber-300',
          )}
        >
          {NOTE[level]}
        </p>
      )}
    </div>
  )
}
