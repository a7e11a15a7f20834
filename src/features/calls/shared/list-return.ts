// The calls list the person last looked at (its filters and page), so a call page's
// "All calls" goes back to it. Per tab, and surviving a reload of the call page.
const KEY = 'voice-dashboard:calls-list-search'

export type ListReturnSearch = Record<string, unknown>

export function rememberListSearch(search: ListReturnSearch): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(search))
  } catch {
    // Storage full or blocked: "All calls" then shows the unfiltered list, which is still right.
  }
}

/** The remembered search, or {} (the list's defaults). The list route validates it like any URL. */
export function listReturnSearch(): ListReturnSearch {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}')
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ListReturnSearch) : {}
  } catch {
    return {}
  }
}
