import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

/** The look of every text-like control; Select shares it so a form's fields line up. */
export const controlClass =
  'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 aria-invalid:border-red-600 dark:aria-invalid:border-red-400'

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClass, className)} {...props} />
}
