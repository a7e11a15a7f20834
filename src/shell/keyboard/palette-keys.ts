// The keys typed between Ctrl/⌘+K and the palette's field taking the focus: the palette loads on its first opening
// (0.5 to 1.3 s under load), and what was typed meanwhile would be lost, or typed into the page (its search field,
// or shortcuts such as `j`). They are kept in order and given to the field when it mounts; an Enter among them runs
// the command the text chose, once; Escape closes the palette before it shows.

/** A palette that stays away longer (its chunk failed to load) gives the keyboard back to the page. */
const KEEP_MS = 10_000

interface Kept {
  text: string
  enter: boolean
  cancel: () => void
  timer: ReturnType<typeof setTimeout>
}

let kept: Kept | null = null

/** Keeps one key press if the palette is on its way; true when it was kept (it is then the palette's, not the page's). */
export function keepPaletteKey(event: KeyboardEvent): boolean {
  if (!kept || event.isComposing) return false
  const { key } = event
  // A character typed, with AltGr too (which reports Ctrl and Alt on Windows); Ctrl/⌘ with a key is a command.
  const typed = key.length === 1 && (!(event.ctrlKey || event.metaKey) || event.getModifierState?.('AltGraph'))
  // Keys after Enter belong to whatever the command opens.
  if (typed || key === 'Backspace') {
    if (!kept.enter) kept.text = typed ? kept.text + key : Array.from(kept.text).slice(0, -1).join('')
  } else if (key === 'Enter') kept.enter = true
  else if (key === 'Escape') kept.cancel()
  else return false
  event.preventDefault()
  event.stopPropagation()
  return true
}

const onKeyDown = (event: KeyboardEvent) => void keepPaletteKey(event)

/** From Ctrl/⌘+K on; `cancel` closes the palette (Escape). A second Ctrl/⌘+K keeps what the first one kept. */
export function keepPaletteKeys(cancel: () => void): void {
  if (kept) {
    kept.cancel = cancel
    return
  }
  kept = { text: '', enter: false, cancel, timer: setTimeout(takePaletteKeys, KEEP_MS) }
  // Captured on the window, before the page's own listeners and the shortcuts' see the key.
  window.addEventListener('keydown', onKeyDown, true)
}

/** What was typed, taken once: the palette's field has the focus now (or the palette closed). */
export function takePaletteKeys(): { text: string; enter: boolean } {
  const taken = kept
  kept = null
  window.removeEventListener('keydown', onKeyDown, true)
  if (!taken) return { text: '', enter: false }
  clearTimeout(taken.timer)
  return { text: taken.text, enter: taken.enter }
}
