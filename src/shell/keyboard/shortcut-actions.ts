// The shortcuts that act on the page: `/`, and `j`, `k`, Enter and `x` on a list's rows.
import { focusField, focusSearchWhenShown, pageSearch } from './page-search'
import { copyFocusedRow, moveRowFocus, openFocusedRow } from './row-focus'
import type { ShortcutId } from './shortcut-keys'

export type PageShortcut = Exclude<ShortcutId, 'palette' | 'help'>

export function act(
  shortcut: PageShortcut,
  /** `goToCalls`: where `/` goes on a page without a search (null: nowhere); `say`: tells what `x` did. */
  { goToCalls, say }: { goToCalls: (() => Promise<void>) | null; say: (message: string) => void },
): void {
  switch (shortcut) {
    case 'search': {
      const field = pageSearch()
      if (field) focusField(field)
      else void goToCalls?.().then(() => focusSearchWhenShown())
      return
    }
    case 'next-row':
    case 'previous-row':
      moveRowFocus(shortcut === 'next-row' ? 1 : -1)
      return
    case 'open-row':
      openFocusedRow()
      return
    case 'copy-row':
      copyFocusedRow(say)
      return
  }
}
