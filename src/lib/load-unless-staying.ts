// A list page's loader, when its search changes.

/**
 * Runs `load`: awaited when the page is entered, so its first paint is complete; started and not waited for on
 * a new search within the page (the router's cause `stay`). Awaited then, a slow answer would swap the page for
 * its skeleton once the router's pending time passed, and the person typing in its search box would lose the
 * field. The page keeps its rows (dimmed) while the answer comes, and shows a failure itself.
 */
export async function loadUnlessStaying(cause: 'enter' | 'stay' | 'preload', load: () => Promise<unknown>) {
  if (cause === 'stay') void load().catch(() => {})
  else await load()
}
