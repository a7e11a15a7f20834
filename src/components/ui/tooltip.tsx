import { type ReactNode, useId, useState } from 'react'
import { cn } from '@/lib/cn'

/**
 * A short text that explains a word: a tab stop that shows the tip on hover and keyboard focus,
 * reads it as its description, and hides it on Escape until focus leaves (WCAG 1.4.13).
 * `underlined` (the default) dots the word's underline, the sign that it explains something.
 */
export function Tooltip({
  children,
  tip,
  className,
  underlined = true,
}: {
  children: ReactNode
  tip: string
  className?: string
  underlined?: boolean
}) {
  const tipId = useId()
  const [dismissed, setDismissed] = useState(false)
  return (
    <span className="group/tip relative inline-block">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape only hides the tip; the word does nothing. */}
      <span
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab stop is how a keyboard reaches the tip.
        tabIndex={0}
        aria-describedby={tipId}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !dismissed) {
            event.stopPropagation()
            setDismissed(true)
          }
        }}
        onBlur={() => setDismissed(false)}
        className={cn(
          'cursor-help rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          underlined && 'underline decoration-dotted underline-offset-2',
          className,
        )}
      >
        {children}
      </span>
      <span
        role="tooltip"
        id={tipId}
        className={cn(
          // Not drawn until shown, so a tip near the screen's edge never widens the page; a hidden
          // element still describes the word it is referenced from.
          'pointer-events-none absolute top-full left-0 z-30 mt-1 hidden w-64 max-w-[calc(100vw-2rem)] rounded-md bg-slate-900 px-2 py-1 text-xs font-normal text-white shadow-sm dark:bg-slate-100 dark:text-slate-900',
          !dismissed && 'group-hover/tip:block group-has-[:focus-visible]/tip:block',
        )}
      >
        {tip}
      </span>
    </span>
  )
}
