// What the calls list and the live board share: a bordered table whose header is shaded, in small capitals,
// and a call's destination as the link to its page.
import { Link } from '@tanstack/react-router'
import type { ComponentProps, ReactNode } from 'react'
import { TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { cn } from '@/lib/cn'

export const CALL_TABLE_FRAME = 'rounded-lg border border-slate-200 dark:border-slate-800'
/**
 * One line a row: tighter cells and headers that do not wrap. Classes on the table, reaching its cells,
 * so the rows stay plain rows (row focus and links are the rows' own business).
 */
export const DENSE_TABLE = '[&_td]:py-1 [&_td]:px-2 [&_th]:px-2 [&_th]:py-1.5 [&_th]:whitespace-nowrap'

export function CallTableHeader({ children }: { children: ReactNode }) {
  return (
    <TableHeader shaded>
      <TableRow>{children}</TableRow>
    </TableHeader>
  )
}

/** `large`: read from across a room (the live board's wall mode). */
export function CallColumn({
  large = false,
  ...props
}: Omit<ComponentProps<typeof TableHead>, 'look'> & { large?: boolean }) {
  return <TableHead look={large ? 'caps-large' : 'caps'} {...props} />
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
