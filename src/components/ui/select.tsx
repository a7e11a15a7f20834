import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'
import { controlClass } from './input'

/** A native select: the platform's own keyboard and screen reader behaviour, styled like Input. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(controlClass, className)} {...props} />
}
