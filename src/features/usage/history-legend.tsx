import { chartColor } from '@/components/ui/chart'
import { cn } from '@/lib/cn'

/** The hatched fill of the period still in progress (its pattern is defined in the chart). */
export function inProgressFill(color: 'actual' | 'over'): string {
  return `url(#usage-hatch-${color})`
}

const hatch = (color: 'actual' | 'over') =>
  `repeating-linear-gradient(45deg, ${chartColor(color)} 0 2px, transparent 2px 5px)`

const ITEMS = [
  { label: 'Used', swatch: 'h-3 w-3 rounded-sm', style: { background: chartColor('actual') } },
  { label: 'Used, over commitment', swatch: 'h-3 w-3 rounded-sm', style: { background: chartColor('over') } },
  {
    label: 'Current period, in progress',
    swatch: 'h-3 w-3 rounded-sm border border-dashed',
    style: { background: hatch('actual'), borderColor: chartColor('actual') },
    inProgress: true,
  },
  { label: 'Committed', swatch: 'h-0 w-4 border-t-2', style: { borderColor: chartColor('committed') } },
]

/** The history chart's legend: ChartLegend's look, plus the hatched swatch of the period in progress. */
export function HistoryLegend({ showInProgress }: { showInProgress: boolean }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
      {ITEMS.filter((item) => showInProgress || !item.inProgress).map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn('inline-block', item.swatch)} style={item.style} />
          {item.label}
        </li>
      ))}
    </ul>
  )
}
