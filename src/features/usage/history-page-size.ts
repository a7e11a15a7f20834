// Kept apart from the chart code: the route's loader imports it, and anything
// the loader imports lands in the main bundle instead of the usage chunk.

/** Six months a page: enough for a half-year trend, small enough that Load more is useful. */
export const HISTORY_PAGE_SIZE = 6
