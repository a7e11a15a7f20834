import { cn } from '@/lib/cn'

/** A field's error message; always in the DOM, so `aria-describedby` can point at it before there is one. */
export function FieldError({ id, message, className }: { id: string; message?: string | null; className?: string }) {
  return (
    <p id={id} className={cn('text-sm text-red-700 dark:text-red-400', !message && 'hidden', className)}>
      {message}
    </p>
  )
}
