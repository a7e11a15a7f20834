import { cva, type VariantProps } from 'class-variance-authority'
import { type ReactNode, useId } from 'react'
import { cn } from '@/lib/cn'
import { Label } from './label'

/** What Field hands its control so that the label, hint and error are announced with it. */
interface FieldControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

const fieldVariants = cva('flex', {
  variants: {
    orientation: {
      vertical: 'flex-col gap-1',
      // A checkbox: the control first, its label beside it, in reading order as on screen.
      horizontal: 'items-center gap-2',
    },
  },
  defaultVariants: { orientation: 'vertical' },
})

export interface FieldProps extends VariantProps<typeof fieldVariants> {
  label: ReactNode
  /** Shown below the control and read with it; not live, so it may change while typing. */
  hint?: ReactNode
  error?: string | null
  /** Announce the error as an alert, for forms with no summary of their own. */
  announceError?: boolean
  /** Keep the label for screen readers only, where a placeholder or column shows what the field is. */
  hideLabel?: boolean
  /** A stable id for the control, for forms whose tests or links point at it. */
  id?: string
  className?: string
  children: (control: FieldControlProps) => ReactNode
}

/** A label, a control, an optional hint and the control's error, tied together by ids. */
export function Field({
  label,
  hint,
  error,
  announceError = false,
  hideLabel = false,
  id,
  orientation,
  className,
  children,
}: FieldProps) {
  const generated = useId()
  const controlId = id ?? generated
  const hintId = `${controlId}-hint`
  const errorId = `${controlId}-error`
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined
  const labelElement = (
    <Label htmlFor={controlId} className={cn(hideLabel && 'sr-only')}>
      {label}
    </Label>
  )
  const control = children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className={fieldVariants({ orientation })}>
        {orientation === 'horizontal' ? (
          <>
            {control}
            {labelElement}
          </>
        ) : (
          <>
            {labelElement}
            {control}
          </>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} role={announceError && error ? 'alert' : undefined} />
    </div>
  )
}

/** A field's error message. Rendered only with a message, so nothing points at an empty node. */
export function FieldError({
  id,
  message,
  role,
  className,
}: {
  id: string
  message?: string | null
  role?: 'alert'
  className?: string
}) {
  if (!message) return null
  return (
    <p id={id} role={role} className={cn('text-sm text-red-700 dark:text-red-400', className)}>
      {message}
    </p>
  )
}
