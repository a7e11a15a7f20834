import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'
import { controlClass } from './input'

/**
 * A native select: the platform's own keyboard and screen reader behaviour, styled like Input.
 * `compact`: a row of controls 32 px high (the recording player's speed).
 */
export function Select({ className, compact = false, ...props }: ComponentProps<'select'> & { compact?: boolean }) {
  return <select className={cn(compact ? 'h-8' : 'h-9', 'text-sm', controlClass, className)} {...props} />
}
