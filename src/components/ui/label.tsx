import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export const labelVariants = cva('', {
  variants: {
    size: {
      md: 'text-sm',
      // Toolbars such as the list filters, where the labels step back from the data.
      sm: 'text-xs text-slate-700 dark:text-slate-300',
    },
    weight: {
      medium: 'font-medium',
      // A label on the same line as its control, among other controls (the recording player's speed).
      normal: 'font-normal',
    },
  },
  defaultVariants: { size: 'md', weight: 'medium' },
})

export function Label({
  className,
  size,
  weight,
  ...props
}: ComponentProps<'label'> & VariantProps<typeof labelVariants>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control
  return <label className={cn(labelVariants({ size, weight }), className)} {...props} />
}
