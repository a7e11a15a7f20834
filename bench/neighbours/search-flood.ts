// Person A's flood of many-term searches: `tabs` loops, each sending a search of MAX_SEARCH_TERMS short, broad
// terms (each matches many calls, all of them together almost none, so every row read is checked against each)
// twice a second, or after Retry-After when the console refuses one. Person B's ordinary searches: one
// after another, within a person's pace, each timed from send to the last byte.
import { CALL_INDEX_PATHS, type CallSearchQuery } from '../../src/api/contract/call-index-schemas'
import { MAX_SEARCH_TERMS } from '../../src/api/contract/call-query'
import { CONSOLE_PREFIX } from '../../src/api/contract/console-schemas'
import { parseRetryAfter } from '../../src/api/contract/retry-after'

// Within a key any length is searched; each of these is in most calls' metadata (bench/search/generate-calls.ts).
const BROAD_KEYED = ['agent:a', 'agent:e', 'agent:r', 'agent:n', 'agent:i', 'ticket:t-']
// Twice a second per tab, as the flood was sent.
const FLOOD_EVERY_MS = 500
// A person's default pace is 120 a minute: B stays within it.
const ORDINARY_EVERY_MS = 550

/**
 * The `index`th query of the flood: keyed terms and 3-digit fragments in turn (a key between two numbers keeps
 * them apart; side by side they would be read as one number), MAX_SEARCH_TERMS in all, different each time.
 */
function manyTermQuery(index: number): CallSearchQuery {
  const terms: string[] = []
  for (let k = 0; terms.length < MAX_SEARCH_TERMS; k++)
    terms.push(
      k % 2 === 0
        ? (BROAD_KEYED[(index + k) % BROAD_KEYED.length] ?? 'agent:a')
        : String(100 + ((index * 37 + k * 101) % 900)),
    )
  return { q: terms.join(' ') }
}

const searchUrl = (url: string, query: CallSearchQuery) =>
  `${url}${CONSOLE_PREFIX}${CALL_INDEX_PATHS.search}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`

function stoppable() {
  const stopping = new AbortController()
  const { signal } = stopping
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve()
      const timer = setTimeout(resolve, ms)
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer)
          resolve()
        },
        { once: true },
      )
    })
  const ignoreAbort = (error: unknown) => {
    if (!signal.aborted) throw error
  }
  return { stopping, signal, sleep, ignoreAbort }
}

export interface FloodCounts {
  sent: number
  /** Answers by status: 200, 429 (A's slots or pace), 503 (a query stopped at its budget, the readers' queue full). */
  answers: Record<string, number>
  /** How long each search answered 200 took, send to last byte: how long A held a reader. */
  answeredMs: number[]
}

export function startSearchFlood(options: { url: string; cookie: string; tabs: number }) {
  const counts: FloodCounts = { sent: 0, answers: {}, answeredMs: [] }
  const { stopping, signal, sleep, ignoreAbort } = stoppable()
  let next = 0
  async function tab() {
    while (!signal.aborted) {
      const sentAt = performance.now()
      counts.sent += 1
      const res = await fetch(searchUrl(options.url, manyTermQuery(next++)), {
        headers: { cookie: options.cookie },
        signal,
      })
      await res.arrayBuffer()
      counts.answers[res.status] = (counts.answers[res.status] ?? 0) + 1
      if (res.status === 200) counts.answeredMs.push(performance.now() - sentAt)
      const retryAfter =
        res.status === 429 || res.status === 503 ? parseRetryAfter(res.headers.get('retry-after')) : null
      await sleep(retryAfter ?? Math.max(0, FLOOD_EVERY_MS - (performance.now() - sentAt)))
    }
  }
  const running = Array.from({ length: options.tabs }, () => tab().catch(ignoreAbort))
  return {
    stop: async () => {
      stopping.abort()
      await Promise.all(running)
      return counts
    },
  }
}

export interface OrdinarySearches {
  /** Starts timing into a new list; the one before is returned. */
  lap(): number[]
  /** Answers other than 200 (B's own pace): each is a failure of the bench's setup, reported. */
  refused(): number
  stop(): Promise<void>
}

export function startOrdinarySearches(url: string, cookie: string, queries: CallSearchQuery[]): OrdinarySearches {
  let times: number[] = []
  let refused = 0
  let next = 0
  const { stopping, signal, sleep, ignoreAbort } = stoppable()
  const loop = (async () => {
    while (!signal.aborted) {
      const started = performance.now()
      const res = await fetch(searchUrl(url, queries[next++ % queries.length] ?? {}), { headers: { cookie }, signal })
      await res.arrayBuffer()
      if (res.status === 200) times.push(performance.now() - started)
      else refused += 1
      await sleep(Math.max(0, ORDINARY_EVERY_MS - (performance.now() - started)))
    }
  })().catch(ignoreAbort)
  return {
    lap: () => {
      const done = times
      times = []
      return done
    },
    refused: () => refused,
    stop: async () => {
      stopping.abort()
      await loop
    },
  }
}
