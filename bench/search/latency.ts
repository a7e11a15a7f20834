// Times GET /calls/search over HTTP, one request at a time (the console's time and the loopback's,
// as a browser on the same machine would see it), after a warm-up of each case's own queries.
import {
  CALL_INDEX_PATHS,
  type CallSearchQuery,
  type CallSearchResponse,
} from '../../src/api/contract/call-index-schemas'
import { CONSOLE_PREFIX } from '../../src/api/contract/console-schemas'
import { percentile } from '../web/stats'
import type { QueryCase } from './query-cases'

export interface CaseLatency {
  name: string
  example: string
  requests: number
  p50: number
  p95: number
  max: number
  /** The median `total` the searches answered, and how many of them hit the count's cap. */
  medianTotal: number
  capped: number
}

export interface SearchClient {
  url: string
  cookie: string
}

export async function search(client: SearchClient, query: CallSearchQuery): Promise<CallSearchResponse> {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))
  const res = await fetch(`${client.url}${CONSOLE_PREFIX}${CALL_INDEX_PATHS.search}?${params}`, {
    headers: { cookie: client.cookie },
    signal: AbortSignal.timeout(30_000),
  })
  if (!res.ok) throw new Error(`search ${params} answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as CallSearchResponse
}

async function timed(client: SearchClient, query: CallSearchQuery) {
  const started = performance.now()
  const body = await search(client, query)
  return { ms: performance.now() - started, body }
}

/** A query of a next-page case becomes its page 2: the cursor its first page answered. */
async function pageTwo(client: SearchClient, query: CallSearchQuery): Promise<CallSearchQuery> {
  const first = await search(client, query)
  if (!first.nextCursor) throw new Error(`${new URLSearchParams(query as Record<string, string>)} has one page only`)
  return { ...query, cursor: first.nextCursor }
}

/**
 * Every case in turn, a request of each per round, so a busy spell of the machine (other work on its two
 * cores) falls on all cases alike instead of on whichever one ran then.
 */
export async function measureCases(client: SearchClient, cases: QueryCase[], warmUp: number): Promise<CaseLatency[]> {
  const queries: CallSearchQuery[][] = []
  for (const testCase of cases) {
    const own: CallSearchQuery[] = []
    for (const query of testCase.queries) own.push(testCase.nextPage ? await pageTwo(client, query) : query)
    queries.push(own)
  }
  const rounds = Math.min(...queries.map((own) => own.length))
  const times = cases.map(() => [] as number[])
  const totals = cases.map(() => [] as number[])
  const capped = cases.map(() => 0)
  for (let round = 0; round < rounds; round++)
    for (const [index, own] of queries.entries()) {
      const query = own[round]
      if (!query) continue
      const { ms, body } = await timed(client, query)
      if (round < warmUp) continue
      times[index]?.push(ms)
      totals[index]?.push(body.total)
      if (body.totalCapped) capped[index] = (capped[index] ?? 0) + 1
    }
  return cases.map((testCase, index) => {
    const own = times[index] ?? []
    return {
      name: testCase.name,
      example: testCase.example,
      requests: own.length,
      p50: percentile(own, 50),
      p95: percentile(own, 95),
      max: Math.max(...own),
      medianTotal: percentile(totals[index] ?? [], 50),
      capped: capped[index] ?? 0,
    }
  })
}
