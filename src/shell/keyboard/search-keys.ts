// The way between a list's search field and its rows (calls, audit log; marked in src/lib/list-row.ts): in the
// field, Enter or ↓ goes into the results and Escape leaves the field, the query and filters kept; on a row, ↑ and ↓
// move, ↑ from the first row and Escape go back to the field. Enter on a row opens it (row-focus.ts). The page's own
// keys run first: the search box has applied the query when this reads Enter. Other search fields (a caller-ID
// finder) keep the platform's keys.
import { LIST_ROW } from '@/lib/list-row'
import { focusRow, moveRowFocus, shownRows } from './row-focus'

/** How long Enter waits for the answer to the query before giving up: a slow search takes a few seconds. */
const ANSWER_WAIT_MS = 15_000
const POLL_MS = 50

const main = () => document.querySelector('main') ?? document
const SEARCH_FIELD = 'input[data-list-search]:not(:disabled)'
const listSearch = () =>
  [...main().querySelectorAll<HTMLInputElement>(SEARCH_FIELD)].find((field) => field.getClientRects().length > 0)
/** What holds the rows of the page's search, marked with the search they answer (src/lib/list-row.ts). */
const results = () => main().querySelector<HTMLElement>('[data-results]')
const firstRow = () => shownRows(results() ?? main())[0]

/**
 * Focuses the first row once the rows on screen answer what the field holds, as long as the person waits in the
 * field with that text; a focus they moved elsewhere stays there.
 */
function focusFirstRowOfAnswer(field: HTMLInputElement, waitUntil: number): void {
  const text = field.value
  const step = () => {
    if (document.activeElement !== field || field.value !== text) return
    const box = results()
    // Trimmed: the audit log sends its query so, the calls list as typed. A page that marks no rows is answered.
    const answered = !box || box.dataset.answers?.trim() === text.trim()
    const row = answered && firstRow()
    if (row) focusRow(row)
    else if (performance.now() < waitUntil) setTimeout(step, POLL_MS)
  }
  step()
}

/** A key of this way, acted on; true when its own meaning is to be dropped (Escape would empty a search field). */
export function searchPathKey(event: KeyboardEvent): boolean {
  const { key, target } = event
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || !(target instanceof Element)) return false
  const field = listSearch()
  if (field && target === field) {
    if (key === 'Enter' || key === 'ArrowDown') focusFirstRowOfAnswer(field, performance.now() + ANSWER_WAIT_MS)
    else if (key === 'Escape') {
      const row = firstRow()
      if (row) focusRow(row)
      else field.blur()
    } else return false
    // Enter stays the field's own: it searches at once.
    return key !== 'Enter'
  }
  const row = target.closest<HTMLElement>(LIST_ROW)
  // A control in a row keeps its arrows (a select, say); the row itself is what ↑ and ↓ move.
  if (!row || (target !== row && key !== 'Escape')) return false
  const backToField = key === 'Escape' || (key === 'ArrowUp' && row === shownRows(main())[0])
  if (backToField && field) field.focus()
  else if (key === 'ArrowDown' || key === 'ArrowUp') moveRowFocus(key === 'ArrowDown' ? 1 : -1)
  else return false
  return true
}
