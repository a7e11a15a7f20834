// What each shortcut does, as the help and the palette say it. Loaded with them, not with the page: the listener
// needs only the keys (shortcut-keys.ts).
import { SHORTCUT_KEYS, type ShortcutId } from './shortcut-keys'

export interface Shortcut {
  id: ShortcutId
  keys: readonly string[]
  label: string
  /** Lists: calls, live, audit log, users (the rows src/lib/list-row.ts marks). */
  inLists?: true
}

const SAID: Record<ShortcutId, Omit<Shortcut, 'id' | 'keys'>> = {
  palette: { label: 'Open the command palette' },
  help: { label: 'Show the keyboard shortcuts' },
  search: { label: 'Search: the page’s search, or the calls list’s' },
  'next-row': { label: 'Next row', inLists: true },
  'previous-row': { label: 'Previous row', inLists: true },
  'open-row': { label: 'Open the focused row', inLists: true },
  'copy-row': { label: 'Copy the focused row’s call ID', inLists: true },
}

/** Every shortcut but the `g` ones, which the pages' table gives (nav-pages.ts). */
export const SHORTCUTS: readonly Shortcut[] = (Object.keys(SHORTCUT_KEYS) as ShortcutId[]).map((id) => ({
  id,
  keys: SHORTCUT_KEYS[id],
  ...SAID[id],
}))

/**
 * The keys of a shortcut as the help and the palette show them, and how they are pressed: together
 * (Ctrl + K) or one after the other (g then c). Letters stay lower case: `j` is not Shift+J.
 */
export function keyLabels(keys: readonly string[], apple: boolean): { labels: string[]; together: boolean } {
  if (keys[0] !== '$mod') return { labels: [...keys], together: false }
  return { labels: [apple ? '⌘' : 'Ctrl', ...keys.slice(1).map((key) => key.toUpperCase())], together: true }
}
