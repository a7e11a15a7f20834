// Refusals of clients without a session, counted in memory and written as one entry per
// (address, action, minute) with the count, when the minute has closed. Appending is the only
// way into the hash chain (chain.ts): an entry cannot be updated, so it is written once, complete.
// Past MAX_KEYS_PER_MINUTE addresses in a minute the rest fold into one "other addresses" entry,
// so 10,000 anonymous requests, from one address or from many, add at most 101 entries a minute and action.
// A signed-in person's refusals are folded per (person, action, route, status, minute): the first is written at
// once, in full, and the rest of that minute as one entry with their count (`repeated`) when the minute closes. A
// placement's refusals (placement-refusal.ts) fold the same way, with the number or call refused as the route.
import type { AuditAction, AuditActor } from '../../../src/api/contract/audit-schemas'
import type { AuditEvent, AuditLog } from './audit-log'

export const MAX_KEYS_PER_MINUTE = 100
/** A person's distinct routes refused in a minute, past which the rest are folded as "other routes". */
export const MAX_ROUTES_PER_PERSON = 20
const MINUTE_MS = 60_000
// The routes named in an entry: enough to see what was aimed at, bounded whatever is sent.
const MAX_ROUTES = 5
const OTHER_ADDRESSES = 'other addresses'
const OTHER_ROUTES = 'other routes'

interface AnonymousRefusal {
  ip: string
  action: Extract<AuditAction, 'request.cross-site-refused' | 'request.forbidden'>
  route: string
  outcome: number
}

interface Tally {
  ip: string | null
  action: AnonymousRefusal['action']
  outcome: number
  count: number
  routes: Set<string>
}

/** The proxy's refusals of a placement (placement-refusal.ts), folded as a person's refusals of a route are. */
export type PlacementRefusalAction = Extract<
  AuditAction,
  | 'call.do-not-call-refused'
  | 'call.outcome-required-refused'
  | 'call.recording-consent-refused'
  | 'call.outside-calling-hours'
>

/** A refusal of a signed-in person: the entry as it would be written alone. */
type PersonRefusal = AuditEvent & {
  actor: AuditActor
  action: AnonymousRefusal['action'] | PlacementRefusalAction
  target: string
}

interface PersonTally {
  first: PersonRefusal
  repeated: number
}

export interface RefusalTally {
  note(refusal: AnonymousRefusal): void
  /** Resolves once a person's first such refusal this minute is written; a repeat is only counted. */
  notePerson(refusal: PersonRefusal): Promise<void>
  /** Writes the minute under way now, without waiting for it to close. */
  flush(): Promise<void>
  /** Stops the timer and flushes: at shutdown. */
  close(): Promise<void>
}

export function createRefusalTally(
  audit: AuditLog,
  now: () => number,
  onError: (error: unknown) => void,
  checkEveryMs = 5_000,
): RefusalTally {
  let minute = Math.floor(now() / MINUTE_MS)
  let tallies = new Map<string, Tally>()
  /** Distinct addresses: the cap counts these, not address and action pairs. */
  let addresses = new Set<string>()

  const write = async (closed: number, closing: Map<string, Tally>) => {
    for (const tally of closing.values()) {
      await audit.record({
        actor: null,
        action: tally.action,
        target: tally.routes.size === 1 ? [...tally.routes][0] : `${tally.routes.size}+ routes`,
        outcome: tally.outcome,
        ip: tally.ip,
        detail: {
          count: tally.count,
          minute: new Date(closed * MINUTE_MS).toISOString(),
          routes: [...tally.routes],
          ...(tally.ip === null ? { folded: OTHER_ADDRESSES } : {}),
        },
      })
    }
  }

  let people = new Map<string, PersonTally>()
  /** Each person's distinct routes this minute: the cap on their keys. */
  let routesOf = new Map<string, Set<string>>()

  const writePeople = async (closed: number, closing: Map<string, PersonTally>) => {
    for (const { first, repeated } of closing.values()) {
      if (repeated === 0) continue
      await audit.record({
        ...first,
        detail: { repeated, minute: new Date(closed * MINUTE_MS).toISOString() },
      })
    }
  }

  /** Hands the current minute's tallies to the audit log and starts an empty one. */
  const rollOver = async () => {
    const [closed, closing, closingPeople] = [minute, tallies, people]
    minute = Math.floor(now() / MINUTE_MS)
    tallies = new Map()
    addresses = new Set()
    people = new Map()
    routesOf = new Map()
    if (closing.size > 0) await write(closed, closing)
    if (closingPeople.size > 0) await writePeople(closed, closingPeople)
  }
  const rollIfClosed = () => (Math.floor(now() / MINUTE_MS) !== minute ? rollOver() : Promise.resolve())

  const timer = setInterval(() => void rollIfClosed().catch(onError), checkEveryMs)
  timer.unref()

  return {
    note(refusal) {
      void rollIfClosed().catch(onError)
      const known = addresses.has(refusal.ip) || addresses.size < MAX_KEYS_PER_MINUTE
      if (known) addresses.add(refusal.ip)
      const ip = known ? refusal.ip : null
      const key = `${ip ?? ''}\n${refusal.action}\n${refusal.outcome}`
      const tally = tallies.get(key) ?? {
        ip,
        action: refusal.action,
        outcome: refusal.outcome,
        count: 0,
        routes: new Set(),
      }
      tally.count += 1
      if (tally.routes.size < MAX_ROUTES) tally.routes.add(refusal.route)
      tallies.set(key, tally)
    },
    async notePerson(refusal) {
      void rollIfClosed().catch(onError)
      const { userId } = refusal.actor
      const routes = routesOf.get(userId) ?? new Set<string>()
      routesOf.set(userId, routes)
      const known = routes.has(refusal.target) || routes.size < MAX_ROUTES_PER_PERSON
      if (known) routes.add(refusal.target)
      const target = known ? refusal.target : OTHER_ROUTES
      const key = `${userId}\n${refusal.action}\n${refusal.outcome}\n${target}`
      const tally = people.get(key)
      if (tally) {
        tally.repeated += 1
        return
      }
      const first = { ...refusal, target }
      people.set(key, { first, repeated: 0 })
      await audit.record(first)
    },
    flush: rollOver,
    close: () => {
      clearInterval(timer)
      return rollOver()
    },
  }
}
