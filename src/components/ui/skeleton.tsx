import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

/** A grey placeholder in the shape of content that is loading. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded bg-slate-200 dark:bg-slate-800', className)}
      {...props}
    />
  )
}
