// `/`: the page's own search field (calls, audit log), found by its type so a page needs no hook for it.

const SEARCH = 'main input[type="search"]:not(:disabled)'

export function pageSearch(): HTMLInputElement | null {
  return [...document.querySelectorAll<HTMLInputElement>(SEARCH)].find((f) => f.getClientRects().length > 0) ?? null
}

export function focusField(field: HTMLInputElement): void {
  field.focus()
  field.select()
}

/** After a navigation: focuses the new page's search once it is drawn (within about a second). */
export function focusSearchWhenShown(framesLeft = 60): void {
  const field = pageSearch()
  if (field) focusField(field)
  else if (framesLeft > 0) requestAnimationFrame(() => focusSearchWhenShown(framesLeft - 1))
}
