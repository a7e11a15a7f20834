import { type ComponentProps, useRef } from 'react'
import { cn } from '@/lib/cn'
import { useOverflowsX } from './use-overflows-x'

/**
 * A native table in a scroll container, so wide tables scroll instead of stretching the page.
 * With `regionLabel` the container is a named region a keyboard can focus and scroll. With
 * `overflowLabel`, whenever columns are out of sight a line above the table says so (a column is
 * never cut off silently) and the container is then such a region, of that name.
 */
export function Table({
  className,
  containerClassName,
  regionLabel,
  overflowLabel,
  ...props
}: ComponentProps<'table'> & { containerClassName?: string; regionLabel?: string; overflowLabel?: string }) {
  const frame = useRef<HTMLDivElement>(null)
  const overflows = useOverflowsX(frame, Boolean(overflowLabel))
  const label = regionLabel ?? (overflows ? overflowLabel : undefined)
  return (
    <>
      {/* Its own slot, so the frame below is never mounted again when the hint comes or goes. */}
      {overflows && (
        <p className="mb-1 text-xs text-slate-600 dark:text-slate-400">
          Wider than the screen: scroll sideways to see every column <span aria-hidden="true">→</span>
        </p>
      )}
      <div
        ref={frame}
        className={cn(
          'overflow-x-auto',
          label && 'focus-visible:outline-2 focus-visible:outline-indigo-600',
          containerClassName,
        )}
        {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      >
        <table className={cn('w-full border-collapse text-sm', className)} {...props} />
      </div>
    </>
  )
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('border-b border-slate-200 dark:border-slate-800', className)} {...props} />
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody {...props} />
}

// The last row has no border: the header, or the container, already closes the table.
export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b border-slate-100 last:border-0 dark:border-slate-800/60', className)} {...props} />
}

/** A header cell: `scope="col"` (the default) labels a column, `scope="row"` names its row and reads like a cell. */
export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cn(
        'px-3 py-2 text-left',
        scope === 'row' ? 'font-normal' : 'text-xs font-medium text-slate-600 dark:text-slate-400',
        className,
      )}
      {...props}
    />
  )
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2 align-middle', className)} {...props} />
}
