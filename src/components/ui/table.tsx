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
  large = false,
  ...props
}: ComponentProps<'table'> & {
  containerClassName?: string
  regionLabel?: string
  overflowLabel?: string
  /** Text read from across a room (the live board's wall mode). */
  large?: boolean
}) {
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
        <table className={cn('w-full border-collapse', large ? 'text-2xl' : 'text-sm', className)} {...props} />
      </div>
    </>
  )
}

/** `shaded`: a tinted band without the rule under it (the calls tables and the audit log). */
export function TableHeader({ className, shaded = false, ...props }: ComponentProps<'thead'> & { shaded?: boolean }) {
  const look = shaded ? 'bg-slate-50 dark:bg-slate-900' : 'border-b border-slate-200 dark:border-slate-800'
  return <thead className={cn(look, className)} {...props} />
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody {...props} />
}

// The last row has no border: the header, or the container, already closes the table.
// `strongBorder`: as strong as the frame of a bordered table (the calls list and the live board).
export function TableRow({
  className,
  strongBorder = false,
  ...props
}: ComponentProps<'tr'> & { strongBorder?: boolean }) {
  const border = strongBorder ? 'border-slate-200 dark:border-slate-800' : 'border-slate-100 dark:border-slate-800/60'
  return <tr className={cn('border-b last:border-0', border, className)} {...props} />
}

const COLUMN_TEXT = 'font-medium text-slate-600 dark:text-slate-400'
const CAPS_TEXT = 'font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400'

/** How a header cell reads; `className` adds to it and never sets these properties again. */
const HEAD_LOOKS = {
  /** The default of `scope="col"`. */
  column: `text-xs ${COLUMN_TEXT}`,
  /** The calls tables' and the audit log's capitals. */
  caps: `text-xs ${CAPS_TEXT}`,
  /** The same, read from across a room (the live board's wall mode). */
  'caps-large': `text-xl ${CAPS_TEXT}`,
  /** The default of `scope="row"`: it reads like a cell. */
  row: 'font-normal',
  'row-medium': 'font-medium',
  'row-strong': 'font-semibold',
} as const

export type TableHeadLook = keyof typeof HEAD_LOOKS

/** A header cell: `scope="col"` (the default) labels a column, `scope="row"` names its row and reads like a cell. */
export function TableHead({
  className,
  scope = 'col',
  align = 'left',
  look = scope === 'row' ? 'row' : 'column',
  ...props
}: Omit<ComponentProps<'th'>, 'align'> & { align?: 'left' | 'right'; look?: TableHeadLook }) {
  return (
    <th
      scope={scope}
      className={cn('px-3 py-2', align === 'right' ? 'text-right' : 'text-left', HEAD_LOOKS[look], className)}
      {...props}
    />
  )
}

// No vertical-align of its own: a cell takes its row's (the browser's is middle), so a row can set top.
export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2', className)} {...props} />
}
