// Person A: `exports` CSV exports of every call asked for at once (the console lets a person stream 2 and 2 more
// wait for them, so the rest are refused with 429 and ask again after Retry-After), and a flood of searches at a fixed rate that
// waits for no answer. Counts what the console answered, until `stop`.
import { CALL_INDEX_PATHS, type CallSearchQuery } from '../../src/api/contract/call-index-schemas'
import { CONSOLE_PREFIX } from '../../src/api/contract/console-schemas'
import { parseRetryAfter } from '../../src/api/contract/retry-after'

export interface LoadCounts {
  exportsAsked: number
  exportsStreamed: number
  exportsRefused: number
  /** CSV bytes A received. */
  exportBytes: number
  searchesSent: number
  /** Answers to A's searches by status: 200, 429 (A's pace), 503 (a budget spent, or the readers' queue full). */
  searchAnswers: Record<string, number>
}

export function startHeavyLoad(options: {
  url: string
  cookie: string
  exports: number
  searchesPerSecond: number
  queries: CallSearchQuery[]
}) {
  const counts: LoadCounts = {
    exportsAsked: 0,
    exportsStreamed: 0,
    exportsRefused: 0,
    exportBytes: 0,
    searchesSent: 0,
    searchAnswers: {},
  }
  const stopping = new AbortController()
  const { signal } = stopping
  const headers = { cookie: options.cookie }
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      const wake = () => {
        clearTimeout(timer)
        resolve()
      }
      signal.addEventListener('abort', wake, { once: true })
    })

  async function exporter() {
    while (!signal.aborted) {
      counts.exportsAsked += 1
      const res = await fetch(`${options.url}${CONSOLE_PREFIX}${CALL_INDEX_PATHS.export}`, { headers, signal })
      if (res.status === 429) {
        counts.exportsRefused += 1
        await res.body?.cancel()
        await sleep(parseRetryAfter(res.headers.get('retry-after')) ?? 1_000)
        continue
      }
      if (!res.ok || !res.body) throw new Error(`A's export answered ${res.status}: ${await res.text()}`)
      counts.exportsStreamed += 1
      for await (const chunk of res.body) counts.exportBytes += chunk.length
    }
  }

  async function search(query: CallSearchQuery) {
    const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))
    counts.searchesSent += 1
    const res = await fetch(`${options.url}${CONSOLE_PREFIX}${CALL_INDEX_PATHS.search}?${params}`, { headers, signal })
    await res.arrayBuffer()
    counts.searchAnswers[res.status] = (counts.searchAnswers[res.status] ?? 0) + 1
  }

  const ignoreAbort = (error: unknown) => {
    if (!signal.aborted) throw error
  }
  const running = Array.from({ length: options.exports }, () => exporter().catch(ignoreAbort))
  let next = 0
  const flood = setInterval(() => {
    const query = options.queries[next++ % options.queries.length] ?? {}
    running.push(search(query).catch(ignoreAbort))
  }, 1000 / options.searchesPerSecond)

  return {
    counts,
    stop: async () => {
      clearInterval(flood)
      stopping.abort()
      await Promise.all(running)
      return counts
    },
  }
}
