// What the calls list and the live board share: a bordered table whose header is shaded, in small capitals,
// and a call's destination as the link to its page.
import { Link } from '@tanstack/react-router'
import type { ComponentProps, ReactNode } from 'react'
import { TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { cn } from '@/lib/cn'

export const CALL_TABLE_FRAME = 'rounded-lg border border-slate-200 dark:border-slate-800'
/** A row's border, drawn as strong as the frame's. */
export const CALL_ROW_BORDER = 'border-slate-200 dark:border-slate-800'
/**
 * One line a row: tighter cells and headers that do not wrap. Classes on the table, reaching its cells,
 * so the rows stay plain rows (row focus and links are the rows' own business).
 */
export const DENSE_TABLE = '[&_td]:py-1 [&_td]:px-2 [&_th]:px-2 [&_th]:py-1.5 [&_th]:whitespace-nowrap'
/** A button in a dense row: 24 px high, the smallest target WCAG 2.5.8 allows, never smaller. */
export const DENSE_TARGET = 'h-6 min-w-6'

export function CallTableHeader({ children }: { children: ReactNode }) {
  return (
    <TableHeader className="border-b-0 bg-slate-50 dark:bg-slate-900">
      <TableRow>{children}</TableRow>
    </TableHeader>
  )
}

export function CallColumn({ className, ...props }: ComponentProps<typeof TableHead>) {
  return <TableHead className={cn('font-semibold uppercase tracking-wide', className)} {...props} />
}

export function CallLink({ callId, className, children }: { callId: string; className?: string; children: ReactNode }) {
  return (
    <Link
      to="/calls/$callId"
      params={{ callId }}
      className={cn(
        'text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300',
        className,
      )}
    >
      {children}
    </Link>
  )
}
