import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

/** The look of every text-like control but its height and text; Select shares it so a form's fields line up. */
export const controlClass =
  'rounded-md border border-slate-300 bg-white px-2 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 aria-invalid:border-red-600 dark:aria-invalid:border-red-400'

/** `code`: a value read character by character (a link or a secret to copy), in small monospace. */
export function Input({
  className,
  type = 'text',
  code = false,
  ...props
}: ComponentProps<'input'> & { code?: boolean }) {
  return (
    <input
      type={type}
      className={cn('h-9', code ? 'font-mono text-xs' : 'text-sm', controlClass, className)}
      {...props}
    />
  )
}
