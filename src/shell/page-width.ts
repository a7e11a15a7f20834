// How wide a page's column is. The lists of calls (the calls list, the live board), the caller IDs' table of
// eleven columns, and /usage, whose cards and charts pair up, use a wide screen's width; forms and reading pages keep a narrower column that is easier to read.
// The header keeps the wide row on every page (HEADER_WIDTH), so it never moves from one page to the next.

const WIDE_PAGES = new Set(['/calls', '/live', '/usage', '/caller-ids'])

/** `/calls`, `/live`, `/usage` and `/caller-ids` (also with a trailing slash); never a call's own page. */
export function isWidePage(pathname: string): boolean {
  return WIDE_PAGES.has(pathname.replace(/\/$/, '') || '/')
}

const WIDE = 'mx-auto max-w-[112rem] px-4 lg:px-6'

/** The classes of `main`: a wide page's row lines up with the header's. */
export function pageWidth(wide: boolean): string {
  return wide ? WIDE : 'mx-auto max-w-6xl px-4'
}

/** The header's row on every signed-in page: one width, so its links stay put while the page under it changes. */
export const HEADER_WIDTH = WIDE
