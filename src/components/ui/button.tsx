import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:pointer-events-none disabled:opacity-60',
  {
    variants: {
      variant: {
        primary:
          'bg-indigo-600 text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:hover:bg-indigo-300 dark:text-slate-950',
        secondary:
          'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
        // A choice of a group that is the chosen one (aria-pressed): the time zone choice.
        chosen:
          'border border-indigo-600 bg-indigo-50 text-indigo-900 hover:bg-slate-50 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-100 dark:hover:bg-slate-800',
        ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
        danger: 'bg-red-600 text-white hover:bg-red-700',
      },
      size: {
        xs: 'h-7 px-2 text-xs whitespace-nowrap',
        // A button in a dense row: 24 px high, the smallest target WCAG 2.5.8 allows, never smaller.
        dense: 'h-6 min-w-6 px-2 text-xs whitespace-nowrap',
        sm: 'h-8 px-3 text-sm whitespace-nowrap',
        md: 'h-9 px-4 text-sm whitespace-nowrap',
        icon: 'h-8 w-8 text-sm whitespace-nowrap',
        // The live board's wall mode, read from across a room.
        wall: 'h-9 px-4 text-lg whitespace-nowrap',
        // As xs, but a long label wraps inside its container rather than running past its edge.
        'xs-wrap': 'min-h-7 max-w-full px-2 py-1 text-left text-xs whitespace-normal wrap-anywhere',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
)

export function Button({
  className,
  variant,
  size,
  type = 'button',
  ...props
}: ComponentProps<'button'> & VariantProps<typeof buttonVariants>) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />
}
