// How wide a page's column is. The lists of calls (the calls list, the live board) use a wide screen's
// width, so every column shows; forms and reading pages keep a narrower column that is easier to read.

const WIDE_PAGES = new Set(['/calls', '/live'])

/** `/calls` and `/live` (also with a trailing slash); never a call's own page. */
export function isWidePage(pathname: string): boolean {
  return WIDE_PAGES.has(pathname.replace(/\/$/, '') || '/')
}

/** The classes of the header's row and of `main`, so the two line up. */
export function pageWidth(wide: boolean): string {
  return wide ? 'mx-auto max-w-[112rem] px-4 lg:px-6' : 'mx-auto max-w-6xl px-4'
}
