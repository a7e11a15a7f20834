import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

/** Says there is nothing here yet, and what to do about it. `large`: read from across a room (a wall screen). */
export function EmptyState({
  title,
  children,
  action,
  large = false,
}: {
  title: string
  children?: ReactNode
  action?: ReactNode
  large?: boolean
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
      <p className={cn('font-semibold', large && 'text-4xl')}>{title}</p>
      {children && (
        <p className={cn('text-slate-600 dark:text-slate-400', large ? 'mt-3 text-2xl' : 'mt-1 text-sm')}>{children}</p>
      )}
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  )
}
