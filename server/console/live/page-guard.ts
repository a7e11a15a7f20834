// A walk through the pages of the voice API's call list that cannot loop or stall, whatever the
// service's cursors do: it stops on a cursor already seen in this walk, after a run of pages that bring
// no call it has not seen, and after a bound on pages. Pure; shared by the index's sync and the hub.
import { nextCursorOf } from '../../../src/api/contract/next-cursor'

export type ListingStopReason = 'repeated-cursor' | 'nothing-new' | 'page-limit'

/** A walk cut short: why, and after how many pages. */
export interface ListingStop {
  reason: ListingStopReason
  pages: number
}

/**
 * Pages in a row that bring nothing new before the walk stops. More than one: a first page may be
 * empty with a cursor to the calls (the spec does not forbid it), and a service may skip a page.
 */
export const NOTHING_NEW_PAGES = 3
// The ids remembered for "nothing new": two generations of this many, so a walk of a million calls
// holds at most twice this in memory. A loop longer than that is still caught by its cursors.
const REMEMBERED_IDS = 10_000

export interface PageStep {
  /** The cursor of the next page; null when the walk is over (the last page, or stopped). */
  cursor: string | null
  /** Calls on this page not seen before in this walk. */
  fresh: number
  /** Set when the walk was cut short rather than ended by the service. */
  stopped: ListingStop | null
}

export interface PageGuard {
  /** After each page, in order: where to go next. */
  next(page: { calls: readonly { call_id: string }[]; next_cursor?: string | null }): PageStep
  readonly pages: number
}

export function createPageGuard(maxPages: number): PageGuard {
  const cursors = new Set<string>()
  let recent = new Set<string>()
  let older = new Set<string>()
  let pages = 0
  let idle = 0

  const seen = (id: string) => recent.has(id) || older.has(id)
  function remember(id: string) {
    if (recent.size >= REMEMBERED_IDS) {
      older = recent
      recent = new Set()
    }
    recent.add(id)
  }

  return {
    get pages() {
      return pages
    },
    next(page) {
      pages += 1
      let fresh = 0
      for (const call of page.calls) {
        if (seen(call.call_id)) continue
        fresh += 1
        remember(call.call_id)
      }
      idle = fresh === 0 ? idle + 1 : 0
      const cursor = nextCursorOf(page)
      if (cursor === null) return { cursor, fresh, stopped: null }
      const stop = (reason: ListingStopReason): PageStep => ({ cursor: null, fresh, stopped: { reason, pages } })
      if (cursors.has(cursor)) return stop('repeated-cursor')
      if (idle >= NOTHING_NEW_PAGES) return stop('nothing-new')
      if (pages >= maxPages) return stop('page-limit')
      cursors.add(cursor)
      return { cursor, fresh, stopped: null }
    },
  }
}

const REASONS: Record<ListingStopReason, string> = {
  'repeated-cursor': 'the service repeated a page cursor',
  'nothing-new': `${NOTHING_NEW_PAGES} pages in a row brought no call not already listed`,
  'page-limit': 'the service had more pages than a listing reads at once',
}

const pagesWords = (pages: number) => (pages === 1 ? '1 page' : `${pages.toLocaleString('en-US')} pages`)

/** "the service repeated a page cursor; the listing of new calls was stopped after 3 pages" */
export function describeStop(stop: ListingStop, listing: string): string {
  return `${REASONS[stop.reason]}; ${listing} was stopped after ${pagesWords(stop.pages)}`
}

/**
 * Several walks cut short, a sentence per reason, in the order given: "the service repeated a page
 * cursor; the backfill was stopped after 3 pages, the listing of new calls after 3 pages".
 */
export function describeStops(stops: readonly { listing: string; stop: ListingStop }[]): string[] {
  const reasons = [...new Set(stops.map(({ stop }) => stop.reason))]
  return reasons.map((reason) => {
    const [first, ...others] = stops.filter(({ stop }) => stop.reason === reason)
    if (!first) return ''
    const rest = others.map(({ listing, stop }) => `, ${listing} after ${pagesWords(stop.pages)}`).join('')
    return `${describeStop(first.stop, first.listing)}${rest}`
  })
}
