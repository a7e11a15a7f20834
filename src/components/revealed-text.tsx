import { lazy, Suspense } from 'react'
import { isBlank, revealHidden } from '@/lib/hidden-characters'

const HiddenTokens = lazy(() => import('./hidden-tokens'))

/**
 * The text with its hidden characters as marked, named tokens (⟨U+202E⟩). Until those load, the same tokens as
 * plain text: the characters themselves are never drawn. No isolate of its own: for text already inside one,
 * such as a search match cut into highlighted parts.
 */
export function Revealed({ text }: { text: string }) {
  const plain = revealHidden(text)
  if (plain === text) return text
  return (
    <Suspense fallback={plain}>
      <HiddenTokens text={text} />
    </Suspense>
  )
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
  return (
    <bdi className={className}>
      <Revealed text={text ?? ''} />
    </bdi>
  )
}
