// Keys pressed before the shortcuts listen: their chunk loads after the page (app-layout.tsx) and React mounts it a
// moment later still (0.4 to 0.7 s after it arrived, measured 2026-12-06), when the calls search may already be typed
// in. Kept from the moment a signed-in page asks for them and handed to them when they start, so a `j` pressed as the
// list appears, an Enter in a list's search or a Ctrl/⌘+K is not lost on a slow connection. The shell imports this
// with the page: a few lines.
import { isApple, opensPalette } from './palette-press'

/** A key older than this when the shortcuts start is dropped: it was meant for another moment. */
const KEEP_MS = 10_000
const MOST = 100
/** Null until the shortcuts are on their way (signed out, none come), and again once they listen themselves. */
let kept: KeyboardEvent[] | null = null
/** A Ctrl/⌘+K was kept: the keys after it are the palette's (palette-keys.ts), none the page's. */
let palette = false

function keep(event: KeyboardEvent) {
  // A key a control used is not the shortcuts' (keyboard-shortcuts.tsx): they get only the others.
  if (!kept || event.defaultPrevented || kept.length >= MOST) return
  kept.push(event)
  palette ||= opensPalette(event, isApple(navigator.platform))
  // Neither the browser (Ctrl+K is its search bar) nor the focused field gets the palette's keys.
  if (palette) event.preventDefault()
}

/** Called as the shortcuts' chunk is requested: the keys pressed from then on are kept for them. */
export function shortcutsComing(): void {
  kept = []
  document.addEventListener('keydown', keep)
}

/** The keys of the last few seconds, fields' keys too; from then on the shortcuts listen themselves. */
export function takeEarlyKeys(now: number): KeyboardEvent[] {
  document.removeEventListener('keydown', keep)
  const early = (kept ?? []).filter((event) => now - event.timeStamp <= KEEP_MS)
  kept = null
  return early
}
