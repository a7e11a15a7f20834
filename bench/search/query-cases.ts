// The searches the bench times, each a list of queries drawn from calls of the seeded store itself, so
// every request asks for something else (SQLite's cache and the OS's cannot serve one answer 200 times)
// and every query finds what a person would look for.
import Database from 'better-sqlite3'
import { createRandom } from '../../server/simulator/domain/prng'
import type { CallSearchQuery } from '../../src/api/contract/call-index-schemas'
import { AGENTS } from './generate-calls'

export interface QueryCase {
  name: string
  /** What it stands for, for the report. */
  example: string
  /** First the warm-up's, then the timed ones. */
  queries: CallSearchQuery[]
  /** Page 2: each query is sent first (untimed) and its nextCursor is what is timed. */
  nextPage?: boolean
}

interface SampledCall {
  destination_digits: string
  metadata: string
  created_at: number
}

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()
/** "NXX XXXX": the last seven digits, as a person types what they remember of a number. */
const localNumber = (digits: string) => `${digits.slice(-7, -4)} ${digits.slice(-4)}`

export function queryCases(dbPath: string, count: number): QueryCase[] {
  const random = createRandom('search-bench-queries')
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  const sample = db.prepare('select destination_digits, metadata, created_at from indexed_calls where id = ?')
  const { n } = db.prepare('select max(id) as n from indexed_calls').get() as { n: number }
  const calls: SampledCall[] = []
  while (calls.length < count) {
    const call = sample.get(random.int(1, n)) as SampledCall | undefined
    if (call) calls.push(call)
  }
  db.close()
  const withTicket = calls.map((call) => (JSON.parse(call.metadata) as { ticket?: string }).ticket)
  const tickets = withTicket.filter((ticket): ticket is string => ticket !== undefined)
  // Shorter than 3 characters, a term is searched only within a key (anywhere, it is refused as too short).
  const broad = ['555', 'ticket:t-', 'agent:a', 'agent:e', 'agent:r', 'agent:n', 'agent:i']
  const monthAround = (at: number) => ({ from_date: iso(at - 15 * DAY), to_date: iso(at + 15 * DAY) })

  return [
    {
      name: 'number fragment',
      example: `7 digits of a destination, e.g. "${localNumber(calls[0]?.destination_digits ?? '')}"`,
      queries: calls.map((call) => ({ q: localNumber(call.destination_digits) })),
    },
    {
      name: 'metadata value',
      example: `a ticket id, e.g. "${tickets[0]}" or "${tickets.find((t) => t.startsWith('ZX-'))}"`,
      queries: Array.from({ length: count }, (_, index) => ({ q: tickets[index % tickets.length] })),
    },
    {
      name: 'combined filter',
      example: "a destination's area code + status completed + with recording + a 30-day range",
      queries: calls.map((call) => ({
        q: call.destination_digits.slice(1, 4),
        status: 'DIALER_COMPLETED',
        has_recording: 'true',
        ...monthAround(call.created_at),
      })),
    },
    {
      name: 'broad term',
      example: `one of ${broad.map((term) => `"${term}"`).join(', ')}: each matches most calls`,
      queries: Array.from({ length: count }, (_, index) => ({ q: broad[index % broad.length] })),
    },
    {
      name: 'next page (cursor)',
      example: 'page 2 of a broad term or of a 30-day range, after its first page',
      queries: calls.map((call, index) =>
        index % 2 === 0 ? { q: broad[index % broad.length] } : monthAround(call.created_at),
      ),
      nextPage: true,
    },
    {
      name: 'common metadata value',
      example: `an agent's name, e.g. agent:"${AGENTS[0]}": about 1.4% of the calls each`,
      queries: Array.from({ length: count }, (_, index) => ({ q: `agent:"${AGENTS[(index * 7) % AGENTS.length]}"` })),
    },
    {
      name: 'no terms (the calls page opened)',
      example: 'no query, newest first: the first request of the calls page',
      queries: Array.from({ length: count }, () => ({})),
    },
  ]
}
