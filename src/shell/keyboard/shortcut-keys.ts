// The keyboard shortcuts, and which one a key press is. Pure: the listener (keyboard-shortcuts.tsx) hands it
// the press, whether the person is typing, what is pending and the time. Our own few lines rather than tinykeys:
// it is smaller on the cold /calls path (about 0.3 KB gzip against tinykeys' 1 KB), and it matches the character
// typed whatever keys typed it, so `/` works where it is Shift+7 (German layouts), which tinykeys' "/" refuses.
import { type ModifiedPress, opensPalette } from './palette-press'

export type ShortcutId = 'palette' | 'help' | 'search' | 'next-row' | 'previous-row' | 'open-row' | 'copy-row'

/**
 * Each shortcut's keys, the one place they are written; `$mod` is ⌘ on Apple devices and Ctrl elsewhere. What they
 * do is said in shortcut-list.ts, which only the help and the palette load. The `g` ones come from nav-pages.ts.
 */
export const SHORTCUT_KEYS: Record<ShortcutId, readonly string[]> = {
  palette: ['$mod', 'k'],
  help: ['?'],
  search: ['/'],
  'next-row': ['j'],
  'previous-row': ['k'],
  'open-row': ['Enter'],
  'copy-row': ['x'],
}

/** The key that starts a "go to" sequence, and how long the second key may wait for it. */
export const GO_PREFIX = 'g'
export const GO_WAIT_MS = 1500

export interface KeyPress extends ModifiedPress {
  /** AltGr was down: on Windows it reports Ctrl and Alt too, and typing a character with it is still typing. */
  altGraph: boolean
}

/** A keydown as readKey reads it. */
export const keyPressOf = (event: KeyboardEvent): KeyPress => ({
  key: event.key,
  code: event.code,
  ctrlKey: event.ctrlKey,
  metaKey: event.metaKey,
  altKey: event.altKey,
  altGraph: event.getModifierState?.('AltGraph') ?? false,
})

export type KeyAction = { shortcut: ShortcutId } | { go: string }

export interface KeyContext {
  /** The focus is in a field (or contenteditable): a key there is text, not a shortcut. */
  typing: boolean
  /** When `g` was pressed (same clock as `now`), or null. */
  goSince: number | null
  now: number
  apple: boolean
}

/** What a key press does, and when a `g` it started is pending from (null: none). */
export function readKey(press: KeyPress, context: KeyContext): { action: KeyAction | null; goSince: number | null } {
  const none = { action: null, goSince: null }
  if (opensPalette(press, context.apple)) return { action: { shortcut: 'palette' }, goSince: null }
  if (context.typing) return none
  const typed = press.altGraph ? !press.metaKey : !(press.ctrlKey || press.metaKey || press.altKey)
  if (!typed) return none
  if (context.goSince !== null && context.now - context.goSince <= GO_WAIT_MS) {
    return { action: /^[a-z]$/.test(press.key) ? { go: press.key } : null, goSince: null }
  }
  if (press.key === GO_PREFIX) return { action: null, goSince: context.now }
  const shortcut = (Object.keys(SHORTCUT_KEYS) as ShortcutId[]).find((id) => SHORTCUT_KEYS[id].join() === press.key)
  return { action: shortcut ? { shortcut } : null, goSince: null }
}
