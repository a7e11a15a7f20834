// A callback's row leaves its list when it is done, cancelled or moved to another section (here, in another tab or by
// the console), and the focus on its button would fall to the page's start: it goes to the next row, else the one
// before, else the list's heading.

/** Run as the row is taken out (it is still in the page): moves the focus, if it was in the row, once it is gone. */
export function keepFocusAsRowLeaves(row: HTMLElement): void {
  if (!row.contains(document.activeElement)) return
  const neighbours = [row.nextElementSibling, row.previousElementSibling]
  const headingId = row.closest('[aria-labelledby]')?.getAttribute('aria-labelledby')
  queueMicrotask(() => {
    const neighbour = neighbours.find((element) => element?.isConnected)
    const control = neighbour?.querySelector<HTMLElement>('a[href], button:not(:disabled)')
    const heading = headingId ? document.getElementById(headingId) : null
    ;(control ?? heading)?.focus()
  })
}
