// Cursor paging kept in the URL: the cursor of this page, and the cursors of the pages before it
// ('' for the first), so "back a page" returns to exactly the page it came from.

export interface CursorTrail {
  cursor?: string
  prev?: string[]
}

export function nextPageSearch<S extends CursorTrail>(search: S, nextCursor: string): S {
  return { ...search, cursor: nextCursor, prev: [...(search.prev ?? []), search.cursor ?? ''] }
}

export function previousPageSearch<S extends CursorTrail>(search: S): S {
  const trail = search.prev ?? []
  const previous = trail.at(-1)
  return {
    ...search,
    cursor: previous || undefined,
    prev: trail.length > 1 ? trail.slice(0, -1) : undefined,
  }
}

/**
 * A next cursor this walk has already followed (the service repeats or loops its cursors): following
 * it would show a page already shown, again and again, so the trail ends here instead.
 */
export function isCursorSeen(search: CursorTrail, nextCursor: string): boolean {
  return nextCursor === search.cursor || (search.prev ?? []).includes(nextCursor)
}
