import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export const labelVariants = cva('font-medium', {
  variants: {
    size: {
      md: 'text-sm',
      // Toolbars such as the list filters, where the labels step back from the data.
      sm: 'text-xs text-slate-700 dark:text-slate-300',
    },
  },
  defaultVariants: { size: 'md' },
})

export function Label({ className, size, ...props }: ComponentProps<'label'> & VariantProps<typeof labelVariants>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control
  return <label className={cn(labelVariants({ size }), className)} {...props} />
}
