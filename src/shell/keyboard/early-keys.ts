// Keys pressed before the shortcuts' chunk has arrived (it loads after the page, see app-layout.tsx): kept a moment
// and handed to it when it starts, so a `j` pressed as the list appears is not lost on a slow connection.
// The shell imports this with the page: a few lines, nothing else.
import { isTypingIn } from './key-context'

/** A key older than this when the shortcuts start is dropped: it was meant for another moment. */
const KEEP_MS = 10_000
const MOST = 20
let kept: KeyboardEvent[] | null = []

function keep(event: KeyboardEvent) {
  if (kept && kept.length < MOST && !isTypingIn(event.target)) kept.push(event)
}

if (typeof document !== 'undefined') document.addEventListener('keydown', keep)

/** The keys of the last few seconds; from then on the shortcuts listen themselves. */
export function takeEarlyKeys(now: number): KeyboardEvent[] {
  document.removeEventListener('keydown', keep)
  const early = (kept ?? []).filter((event) => now - event.timeStamp <= KEEP_MS)
  kept = null
  return early
}
