import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

/**
 * A native table in a scroll container, so wide tables scroll instead of stretching the page.
 * With `regionLabel` the container is a named region a keyboard can focus and scroll.
 */
export function Table({
  className,
  containerClassName,
  regionLabel,
  ...props
}: ComponentProps<'table'> & { containerClassName?: string; regionLabel?: string }) {
  return (
    <div
      className={cn(
        'overflow-x-auto',
        regionLabel && 'focus-visible:outline-2 focus-visible:outline-indigo-600',
        containerClassName,
      )}
      {...(regionLabel ? { role: 'region', 'aria-label': regionLabel, tabIndex: 0 } : {})}
    >
      <table className={cn('w-full border-collapse text-sm', className)} {...props} />
    </div>
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
