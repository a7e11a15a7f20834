import { type ComponentProps, type ReactNode, useEffect, useId, useRef } from 'react'
import { cn } from '@/lib/cn'

const WIDTHS = { md: 'max-w-md', xl: 'max-w-xl', '3xl': 'max-w-3xl' } as const

/**
 * A modal dialog on the platform's own <dialog>: focus moves in and back out, Escape closes it,
 * and the page behind is inert. Rendered by its opener while open; closing calls `onClose`.
 */
export function Dialog({
  title,
  description,
  onClose,
  width = 'md',
  className,
  children,
}: Omit<ComponentProps<'dialog'>, 'title' | 'open'> & {
  title: ReactNode
  description?: ReactNode
  onClose: () => void
  /** Its widest, on a wide screen; it never overflows a narrow one. */
  width?: keyof typeof WIDTHS
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || dialog.open) return
    // jsdom has no showModal: there the dialog is simply open. Removed from the page, it closes itself.
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
  }, [])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      className={cn(
        'm-auto w-full rounded-lg border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100',
        WIDTHS[width],
        className,
      )}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {description && (
        <p id={descriptionId} className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {description}
        </p>
      )}
      <div className="mt-4">{children}</div>
    </dialog>
  )
}

/** The row of buttons at the foot of a dialog: the main action last, as people expect it. */
export function DialogActions({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-5 flex justify-end gap-2', className)} {...props} />
}
