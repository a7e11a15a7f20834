// Marks the rows of a list (calls, live, audit log, users) for the keyboard (src/shell/keyboard):
// `j`/`k` (and ↑/↓) move the focus between them, Enter opens the row's first link, `x` copies the row's call ID,
// through the row's own copy button when it has one (so it says "Copied" where it always does).

/** Spread on a row: `<tr {...listRow(call.call_id)}>`; a row that is no call's takes `listRow()`. */
export const listRow = (callId?: string | null) => ({ 'data-list-row': callId ?? '' })

/** Spread on the row's button that copies its call ID. */
export const rowCopyButton = { 'data-row-copy': '' }

/** Spread on a list's search field: Enter, ↓ and Escape there lead into the list's rows (shell/keyboard/search-keys.ts). */
export const listSearchField = { 'data-list-search': '' }

/**
 * Spread on what holds the rows of a page's search `q`; `answered`: they are its answer, not the last search's rows
 * kept on screen meanwhile. Enter in the search field moves into them once they are (shell/keyboard/search-keys.ts).
 */
export const searchResults = (q: string | undefined, answered: boolean) => ({
  'data-results': '',
  'data-answers': answered ? (q ?? '') : undefined,
})

export const LIST_ROW = '[data-list-row]'
export const ROW_COPY = '[data-row-copy]'
