import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

/**
 * What went wrong with a form as a whole, read out when it appears: a line under the controls,
 * or (`boxed`) a tinted box above a sign-in form.
 */
export function FormError({ boxed = false, className, ...props }: ComponentProps<'p'> & { boxed?: boolean }) {
  return (
    <p
      role="alert"
      className={cn(
        boxed
          ? 'rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100'
          : 'text-sm text-red-700 dark:text-red-400',
        className,
      )}
      {...props}
    />
  )
}
