import type { ReactNode } from 'react'
import { formatNumber } from '@/lib/format'

export interface TooltipEntry {
  name?: string | number
  value?: unknown
  color?: string
  dataKey?: unknown
  /** The data row the entry belongs to. */
  payload?: unknown
}

/** Exact numbers on hover, styled for both themes (Recharts' default is light only). */
export function ChartTooltip({
  active,
  payload,
  label,
  labelFormatter,
  footer,
}: {
  active?: boolean
  payload?: readonly TooltipEntry[]
  label?: unknown
  labelFormatter?: (label: unknown, payload: readonly TooltipEntry[]) => ReactNode
  footer?: (payload: readonly TooltipEntry[]) => ReactNode
}) {
  if (!active || !payload?.length) return null
  const rows = payload.filter((entry) => typeof entry.value === 'number')
  return (
    <div className="rounded-md border border-slate-200 bg-white p-2 text-xs shadow-md dark:border-slate-700 dark:bg-slate-900">
      <p className="font-semibold">{labelFormatter ? labelFormatter(label, payload) : String(label)}</p>
      <ul className="mt-1 space-y-0.5">
        {rows.map((entry) => (
          <li key={String(entry.dataKey ?? entry.name)} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block h-2 w-2 rounded-full"
              style={{ background: entry.color }}
            />
            <span>{entry.name}</span>
            <span className="ml-auto pl-3 font-mono tabular-nums">{formatNumber(entry.value as number)} min</span>
          </li>
        ))}
      </ul>
      {footer?.(payload)}
    </div>
  )
}
