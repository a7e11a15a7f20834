// `j`, `k`, Enter and `x` on the rows a list marks (src/lib/list-row.ts). A row takes the focus itself
// (tabindex -1, so it adds no Tab stop), shows a ring (styles.css) and is scrolled into view.
import { LIST_ROW, ROW_COPY } from '@/lib/list-row'

const shown = (element: Element) => element.getClientRects().length > 0

/** The rows under `root` that are displayed: the calls list has a table and, on phones, cards; one is hidden. */
export const shownRows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>(LIST_ROW)].filter(shown)

/** The list's rows on screen. */
const visibleRows = () => shownRows(document.querySelector('main') ?? document)

export function focusRow(row: HTMLElement): void {
  row.tabIndex = -1
  row.focus({ preventScroll: true })
  row.scrollIntoView({ block: 'nearest' })
}

const rowOfFocus = () => document.activeElement?.closest<HTMLElement>(LIST_ROW) ?? null

/** The row to focus: the first when none is, else one `step` on, held at both ends. */
export function nextRowIndex(current: number, step: 1 | -1, count: number): number {
  if (current < 0) return 0
  return Math.min(Math.max(current + step, 0), count - 1)
}

export function moveRowFocus(step: 1 | -1): boolean {
  const rows = visibleRows()
  const row = rows[nextRowIndex(rows.indexOf(rowOfFocus() as HTMLElement), step, rows.length)]
  if (!row) return false
  focusRow(row)
  return true
}

/** Enter on a focused row follows its first link (the call, the person); a row without one focuses its first control. */
export function openFocusedRow(): boolean {
  const row = document.activeElement
  if (!row?.matches(LIST_ROW)) return false
  const link = row.querySelector<HTMLElement>('a[href]')
  if (link) link.click()
  // A button before a time's tooltip, which is a tab stop too.
  else (row.querySelector<HTMLElement>('button') ?? row.querySelector<HTMLElement>('[tabindex="0"]'))?.focus()
  return true
}

/**
 * Copies the focused row's call ID: with the row's copy button when it shows one (its "Copied" is the feedback),
 * else straight to the clipboard, and `say` tells how it went.
 */
export function copyFocusedRow(say: (message: string) => void): boolean {
  const row = rowOfFocus()
  if (!row) return false
  const callId = row.dataset.listRow
  if (!callId) {
    say('This row has no call ID to copy.')
    return true
  }
  const button = row.querySelector<HTMLElement>(ROW_COPY)
  if (button && shown(button)) button.click()
  // Inside then: without the Clipboard API (an insecure context) it reads "Copy failed" too.
  else
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(callId))
      .then(
        () => say(`Copied call ID ${callId}`),
        () => say('Copy failed'),
      )
  return true
}
