import type { ReactNode } from 'react'
import { isBlank, splitHidden } from '@/lib/hidden-characters'

/**
 * The text's hidden characters as marked tokens (⟨U+202E⟩), each named for a screen reader and on hover. No
 * isolate of its own: for text already inside one, such as a search match cut into highlighted parts.
 */
export function revealNodes(text: string): ReactNode {
  const parts = splitHidden(text)
  if (parts.every((part) => typeof part === 'string')) return text
  return parts.map((part, index) => {
    if (typeof part === 'string') return part
    const label = `Hidden character ${part.token.slice(1, -1)}: ${part.name}`
    return (
      <span
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in their order.
        key={index}
        role="img"
        aria-label={label}
        title={label}
        dir="ltr"
        className="mx-px rounded-sm bg-rose-100 px-0.5 font-mono text-[0.8em] text-rose-900 ring-1 ring-rose-300 ring-inset dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-800"
      >
        {part.token}
      </span>
    )
  })
}

/**
 * Text the dashboard did not write (from the service or from other people), in a bidi isolate so that it cannot
 * reorder what surrounds it, with its invisible characters shown. `empty`: said, muted, for a blank text.
 */
export function RevealedText({
  text,
  empty,
  className,
}: {
  text: string | null | undefined
  empty?: string
  className?: string
}) {
  if (empty && isBlank(text)) return <span className="text-slate-600 dark:text-slate-400">{empty}</span>
  return <bdi className={className}>{revealNodes(text ?? '')}</bdi>
}
