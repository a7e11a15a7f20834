/** Rows a page: a long scroll still, and quick to draw however many caller IDs the account has. */
const CALLER_IDS_PAGE_SIZE = 50

export interface PageWindow {
  /** 1-based, within the pages there are: a link to page 9 of a list now of 3 shows page 3. */
  page: number
  pages: number
  /** The rows shown, as slice bounds. */
  start: number
  end: number
}

export function pageWindow(count: number, requested = 1, size = CALLER_IDS_PAGE_SIZE): PageWindow {
  const pages = Math.max(1, Math.ceil(count / size))
  const page = Math.min(Math.max(1, Math.floor(requested)), pages)
  const start = (page - 1) * size
  return { page, pages, start, end: Math.min(count, start + size) }
}
