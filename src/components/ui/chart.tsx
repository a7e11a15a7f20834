import { type ComponentProps, type ReactNode, Suspense } from 'react'
import { cn } from '@/lib/cn'
import { useSeen } from '@/lib/use-seen'

/**
 * The colours every chart reads, as CSS variables, so SVG fills follow the
 * light and dark themes without the chart knowing which one is on.
 */
const palette = [
  '[--chart-actual:var(--color-indigo-600)] dark:[--chart-actual:var(--color-indigo-400)]',
  '[--chart-over:var(--color-red-600)] dark:[--chart-over:var(--color-red-400)]',
  '[--chart-committed:var(--color-amber-600)] dark:[--chart-committed:var(--color-amber-400)]',
  '[--chart-projection:var(--color-sky-600)] dark:[--chart-projection:var(--color-sky-400)]',
  '[--chart-grid:var(--color-slate-200)] dark:[--chart-grid:var(--color-slate-800)]',
  '[--chart-axis:var(--color-slate-600)] dark:[--chart-axis:var(--color-slate-400)]',
].join(' ')

export type ChartColor = 'actual' | 'over' | 'committed' | 'projection' | 'grid' | 'axis'

export function chartColor(name: ChartColor): string {
  return `var(--chart-${name})`
}

/**
 * A captioned figure that sizes its chart and supplies the palette. The chart (often a lazy one, with recharts) is
 * drawn once the figure comes near the viewport, in the height kept for it: a page's first render does not pay for
 * charts below the fold, and nothing moves when one appears. The table beside each chart says the same numbers.
 */
export function ChartFrame({
  caption,
  legend,
  height = 280,
  className,
  children,
  ...props
}: ComponentProps<'figure'> & { caption: ReactNode; legend?: ReactNode; height?: number }) {
  const [box, seen] = useSeen<HTMLDivElement>()
  return (
    <figure className={cn(palette, 'm-0', className)} {...props}>
      <figcaption className="text-sm text-slate-600 dark:text-slate-400">{caption}</figcaption>
      <div ref={box} className="mt-3 w-full" style={{ height }}>
        {seen && <Suspense fallback={null}>{children}</Suspense>}
      </div>
      {legend && <div className="mt-2">{legend}</div>}
    </figure>
  )
}

/** An HTML legend: readable and zoomable, unlike SVG text. */
export function ChartLegend({
  items,
}: {
  items: { label: string; color: ChartColor; shape?: 'box' | 'line' | 'dash' | 'dot' }[]
}) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={cn(
              'inline-block',
              item.shape === 'box' || !item.shape
                ? 'h-3 w-3 rounded-sm'
                : item.shape === 'dot'
                  ? 'h-2.5 w-2.5 rounded-full'
                  : 'h-0 w-4 border-t-2',
              item.shape === 'dash' && 'border-dashed',
            )}
            style={
              item.shape === 'line' || item.shape === 'dash'
                ? { borderColor: chartColor(item.color) }
                : { background: chartColor(item.color) }
            }
          />
          {item.label}
        </li>
      ))}
    </ul>
  )
}
