// The call index against a voice service we did not write (the quirks upstream): whatever its cursors do
// (repeat, loop back, never end, go missing or empty), the sync finishes catching up with what it got,
// stops each walk within a few pages, says so to admins once per episode, and never calls an answer
// "not answering".
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { IndexState } from '../../../../src/api/contract/call-index-schemas'
import type { Logger } from '../../http/request-log'
import type { ConsoleStore } from '../../store'
import { PLAIN_CALLS, QUIRK_CALL_IDS } from '../../test-support/quirks-catalogue'
import { type CursorQuirk, type QuirksUpstream, startQuirksUpstream } from '../../test-support/quirks-upstream'
import { openTestStore } from '../../test-support/test-store'
import { type CallIndexSync, startCallIndexSync } from './call-index-sync'
import { createIndexUpstream } from './index-upstream'

// Every call of the quirks list: the plain ones and the quirky ones it lists.
const LISTED = PLAIN_CALLS + Object.keys(QUIRK_CALL_IDS).length
const PAGE = 50
const CUT_SHORT = 'call index: a listing of the voice service was cut short'

let quirks: QuirksUpstream
beforeAll(async () => {
  quirks = await startQuirksUpstream()
})
afterAll(() => quirks?.close())
beforeEach(() => quirks.reset())

interface Running {
  store: ConsoleStore
  sync: CallIndexSync
  logged: Record<string, unknown>[]
  close(): Promise<void>
}

async function startSync(maxPages?: { pass?: number; backfill?: number }): Promise<Running> {
  const store = await openTestStore()
  const logged: Record<string, unknown>[] = []
  const logger: Logger = { info: (entry) => logged.push(entry), error: (entry) => logged.push(entry) }
  const sync = startCallIndexSync({
    store,
    upstream: createIndexUpstream({ upstream: quirks.url, apiKey: 'quirks-key' }),
    rps: 500,
    syncMs: 50,
    pageSize: PAGE,
    maxPages,
    logger,
  })
  return {
    store,
    sync,
    logged,
    close: async () => {
      await sync.close()
      await store.close()
    },
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`still not there after ${timeoutMs} ms: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const backfillDone = (state: IndexState) => state.backfill?.running === false && state.backfill.finishedAt !== null
/** Requests for a first page of the unfiltered list: one per incremental pass (and the backfill's first). */
const firstPages = () =>
  quirks.seen.filter((line) => /^GET \/api\/v1\/voice\/calls\?limit=\d+(&from_date=[^&]*)?$/.test(line)).length

describe('the index sync against odd cursors', () => {
  const cases: { cursor: CursorQuirk; indexed: number; stop: { reason: RegExp; backfillPages: number } | null }[] = [
    // The second page's cursor is repeated for good: the third page is the second again.
    {
      cursor: 'repeat',
      indexed: 2 * PAGE,
      stop: { reason: /^The service repeated a page cursor; the \w/, backfillPages: 3 },
    },
    // Back to the first page, whose next cursor is one already followed.
    {
      cursor: 'loop',
      indexed: LISTED,
      stop: { reason: /^The service repeated a page cursor; the \w/, backfillPages: 4 },
    },
    // Empty pages with ever new cursors past the calls.
    {
      cursor: 'endless',
      indexed: LISTED,
      stop: { reason: /^3 pages in a row brought no call not already listed; the \w/, backfillPages: 6 },
    },
    { cursor: 'omitted', indexed: LISTED, stop: null },
    { cursor: 'empty', indexed: LISTED, stop: null },
    { cursor: 'normal', indexed: LISTED, stop: null },
  ]

  for (const { cursor, indexed, stop } of cases) {
    it(`finishes catching up when the service's cursor is ${cursor}`, async () => {
      quirks.set({ cursor })
      const running = await startSync()
      try {
        const state = await until(running.sync.state, backfillDone)
        expect(state.indexed).toBe(indexed)
        expect(state.listingComplete).toBe(true)
        if (stop) {
          // The notice names the listings cut short in the latest pass: on a slow machine, passes after the
          // backfill (cut short by the same quirk) may have replaced its wording by the time it is read.
          expect(state.notice).toMatch(stop.reason)
          const backfill = running.logged.find((entry) => entry.msg === CUT_SHORT && entry.listing === 'the backfill')
          expect(backfill?.pages, JSON.stringify(running.logged)).toBe(stop.backfillPages)
        } else expect(state.notice ?? null).toBeNull()
        expect(state.message ?? '').not.toMatch(/not answering/)

        // Several passes later: each listing cut short was logged once, not once a pass.
        const passes = firstPages()
        await until(
          async () => firstPages(),
          (n) => n >= passes + 4,
        )
        const cutShort = running.logged.filter((entry) => entry.msg === CUT_SHORT)
        const listings = cutShort.map((entry) => entry.listing)
        expect(new Set(listings).size).toBe(listings.length)
        if (!stop) expect(cutShort).toEqual([])
        else expect(listings).toContain('the backfill')
        // A pass reads a few pages at most: nothing spends the budget on one page for good.
        const sameCursorAgain = quirks.seen.filter((line) => line.includes('cursor=same')).length
        // (At most once a list: new calls, initiated and ringing ones, and the backfill's.)
        expect(sameCursorAgain).toBeLessThanOrEqual(3 * firstPages() + 1)
      } finally {
        await running.close()
      }
    }, 30_000)
  }

  it('stops a walk after its bound on pages, and says so', async () => {
    const running = await startSync({ pass: 2, backfill: 2 })
    try {
      const state = await until(running.sync.state, (s) => backfillDone(s) && /new calls/.test(s.notice ?? ''))
      expect(state.indexed).toBe(2 * PAGE)
      expect(state.notice).toMatch(/^The service had more pages than a listing reads at once; the .* The index keeps/)
      // Each walk's own episode, as logged when it began (the notice reads the latest pass's listings).
      const pagesOf = (listing: string) =>
        running.logged.find((entry) => entry.msg === CUT_SHORT && entry.listing === listing)?.pages
      expect(pagesOf('the backfill')).toBe(2)
      expect(pagesOf('the listing of new calls')).toBe(2)
    } finally {
      await running.close()
    }
  }, 30_000)

  it('forgets the notice once the listings end as the service says again', async () => {
    quirks.set({ cursor: 'loop' })
    const running = await startSync()
    try {
      await until(running.sync.state, (state) => backfillDone(state) && /listing of new calls/.test(state.notice ?? ''))
      quirks.set({ cursor: 'normal' })
      const state = await until(running.sync.state, (s) => !/listing of new calls/.test(s.notice ?? ''))
      // The backfill's own episode stays until a backfill ends as the service says.
      expect(state.notice ?? '').not.toMatch(/listing of new calls/)
      expect(running.logged.some((entry) => String(entry.msg).includes('ends as the voice service says again'))).toBe(
        true,
      )
    } finally {
      await running.close()
    }
  }, 30_000)
})

describe('the index sync when the service fails its lists', () => {
  it('says the service answered unreadably, not that it is not answering', async () => {
    quirks.set({ listFailure: 'unreadable-200' })
    const running = await startSync()
    try {
      const state = await until(running.sync.state, (s) => s.message !== null && /200/.test(s.message))
      expect(state.message).toMatch(/answers, but in a form the console cannot read \(answered 200\)/)
      expect(state.message).not.toMatch(/not answering/)
      expect(state.state).toBe('catching-up')
    } finally {
      await running.close()
    }
  }, 30_000)

  it('names an error answer as one, and catches up once the service is well again', async () => {
    quirks.set({ listFailure: 'html-500' })
    const running = await startSync()
    try {
      const state = await until(running.sync.state, (s) => s.message !== null && /500/.test(s.message))
      expect(state.message).toMatch(/answers with an error \(answered 500\)/)
      quirks.reset()
      // The sync waits 5 s after a failure before it asks again.
      const well = await until(running.sync.state, backfillDone, 20_000)
      expect(well.indexed).toBe(LISTED)
    } finally {
      await running.close()
    }
  }, 40_000)
})
