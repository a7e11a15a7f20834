// Demo data of `npm start`, never of a production start: who "placed" the demo account's seeded calls of the
// current period. The simulator seeds them straight through its API, so no one placed them here; on the
// first demo start, part of them (those already ended) are recorded as placed by the three demo people, so
// the usage page's breakdown by person and the calls' "Placed by" show colleagues, as a real team's would.
// Recorded once per console database: a later start finds the demo people's calls and leaves them be.
import { FINISHED_CALL_STATUSES, usageSummary } from '../../src/api/contract/schemas'
import { createIndexUpstream } from './calls/index/index-upstream'
import { DEMO_USERS } from './demo-users'
import { createUpstreamGet } from './proxy/upstream-get'
import type { ConsoleStore } from './store'

/** Of the period's ended seeded calls, about this share gets a demo person: the rest stay "outside this console". */
const DEMO_SHARE = 0.6
const PAGE = 100
// A month of the busiest demo seed is a few hundred calls; this bounds the pages read whatever the upstream.
const MAX_PAGES = 50

/** A stable number per call id, so the same calls go to the same people on every machine. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  return hash >>> 0
}

/** Which demo person "placed" a call, or null for a call left to the API. Pure. */
export function demoPlacerOf(callId: string, people: readonly string[]): string | null {
  const hash = hashOf(callId)
  if ((hash % 1000) / 1000 >= DEMO_SHARE) return null
  return people[Math.floor(hash / 1000) % people.length] ?? null
}

/** Returns how many calls it recorded (0 when the demo people already have calls, or the upstream fails). */
export async function recordDemoPlacers(
  store: ConsoleStore,
  options: { upstream: string; apiKey: string },
): Promise<number> {
  const people: string[] = []
  for (const demo of DEMO_USERS) {
    const user = await store.users.byEmail(demo.email)
    if (user) people.push(user.id)
  }
  if (people.length === 0) return 0
  const placers = await store.callOwners.placers()
  if (placers.some((placer) => people.includes(placer.userId))) return 0
  const { get, close } = createUpstreamGet(options)
  const list = createIndexUpstream(options)
  try {
    const usage = await get('/usage', usageSummary)
    const periodStart = usage.kind === 'ok' && usage.body.period_start ? Date.parse(usage.body.period_start) : NaN
    if (Number.isNaN(periodStart)) return 0
    let recorded = 0
    let cursor: string | null = null
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await list.listCalls({ fromMs: periodStart, cursor, limit: PAGE })
      if (answer.kind !== 'ok') break
      for (const call of answer.body.calls) {
        if (!FINISHED_CALL_STATUSES.includes(call.status)) continue
        const placer = demoPlacerOf(call.call_id, people)
        const at = call.created_at ? Date.parse(call.created_at) : Date.now()
        if (placer && (await store.callOwners.record(call.call_id, placer, at))) recorded++
      }
      cursor = answer.body.next_cursor ?? null
      if (!cursor) break
    }
    return recorded
  } finally {
    close()
    list.close()
  }
}
