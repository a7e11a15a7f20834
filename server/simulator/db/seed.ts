import { addMonths, periodStartOf } from '../domain/billing'
import { planCall } from '../domain/call-plan'
import { newCallerIdId, newCallId } from '../domain/ids'
import { createRandom, type Random } from '../domain/prng'
import { newValidationCode } from '../domain/verification'
import type { AccountRow } from './account-queries'
import type { NewCall } from './call-queries'
import type { Queries } from './queries'

export interface SeedOptions {
  now: number
  seedCalls: number
  acmeKey: string
  globexKey: string
}

const HOUR = 3_600_000
const DAY = 24 * HOUR
const AGENTS = ['maria', 'james', 'wei', 'fatima', 'lucas', 'priya', 'noah', 'sofia']
const CAMPAIGNS = ['renewals', 'onboarding', 'collections', 'win-back', 'survey']
const TEAMS = ['billing', 'onboarding', 'renewals']
/**
 * Acme's caller ID that carriers seem to have started labelling: its calls since the current period began
 * (and at least its last 3 weeks and its newest ~50) are answered about a quarter as often as the others'
 * (86% completed -> about 22%), so caller-ID health flags it "answered less than usual".
 */
const ACME_POORLY_ANSWERED = { callerId: '+13125550177', reach: 0.26 } as const
const POORLY_ANSWERED_DAYS = 21

/** Fills a new database with two accounts. Deterministic for a given `now` and options. */
export function seedDatabase(queries: Queries, options: SeedOptions): void {
  queries.db.transaction(() => {
    seedAcme(queries, options)
    seedGlobex(queries, options)
    queries.accounts.setMeta('seeded_at', String(options.now))
  })()
}

function seedAcme(queries: Queries, { now, seedCalls, acmeKey }: SeedOptions) {
  const random = createRandom('acme')
  const accountId = 'cli_acme7k2m9q4x'
  const contractStart = addMonths(periodStartOf(now), -11)
  const numbers = ['+14155550100', '+12125550142', '+13125550177']
  // The commitment depends on the calls, so they go in before their account: the foreign key
  // is checked at commit. Streaming them keeps 100,000 call objects from living in memory at once.
  queries.db.pragma('defer_foreign_keys = ON')
  const calls = generateCalls(random, {
    accountId,
    count: seedCalls,
    fromMs: contractStart,
    toMs: now - HOUR,
    callerIds: numbers,
    poorlyAnswered: {
      ...ACME_POORLY_ANSWERED,
      sinceMs: Math.min(periodStartOf(now), now - POORLY_ANSWERED_DAYS * DAY),
    },
  })
  const committed = commitmentFor(insertCalls(queries, calls), periodStartOf(now))
  insertAccount(queries, {
    id: accountId,
    api_key: acmeKey,
    seed_name: 'acme',
    name: 'Acme Corp',
    contract_start_ms: contractStart,
    contract_end_ms: addMonths(contractStart, 24),
    ramp_up_ends_ms: addMonths(contractStart, 3),
    committed_minutes: committed,
    tier_name: 'Business',
    tier_rate_per_minute_dc: 45,
    tier_max_minutes: Math.max(committed * 2, 1000),
  })
  insertCallerIds(queries, random, accountId, numbers, contractStart)
}

function seedGlobex(queries: Queries, { now, globexKey }: SeedOptions) {
  const random = createRandom('globex')
  const contractStart = addMonths(periodStartOf(now), -1) + 9 * DAY
  const numbers = ['+16175550123']
  insertAccount(queries, {
    id: 'cli_globex3n8v5t',
    api_key: globexKey,
    seed_name: 'globex',
    name: 'Globex Corporation',
    contract_start_ms: contractStart,
    contract_end_ms: addMonths(contractStart, 12),
    ramp_up_ends_ms: addMonths(contractStart, 3),
    committed_minutes: 300,
    tier_name: 'Starter',
    tier_rate_per_minute_dc: 60,
    tier_max_minutes: 1000,
  })
  insertCallerIds(queries, random, 'cli_globex3n8v5t', numbers, contractStart)
  const calls = generateCalls(random, {
    accountId: 'cli_globex3n8v5t',
    count: 36,
    fromMs: contractStart,
    toMs: now - HOUR,
    callerIds: numbers,
  })
  insertCalls(queries, calls)
}

/** Inserts the calls as they are generated; returns the billed minutes of each period. */
function insertCalls(queries: Queries, calls: Iterable<NewCall>): Map<number, number> {
  const minutesByPeriod = new Map<number, number>()
  for (const call of calls) {
    queries.calls.insert(call)
    minutesByPeriod.set(call.periodStartMs, (minutesByPeriod.get(call.periodStartMs) ?? 0) + call.plan.billedMinutes)
  }
  return minutesByPeriod
}

function insertAccount(
  queries: Queries,
  row: Omit<AccountRow, 'status' | 'payment_method'> & Partial<Pick<AccountRow, 'status' | 'payment_method'>>,
) {
  queries.accounts.insert({ status: 'ACTIVE', payment_method: 'ACH', ...row })
}

function insertCallerIds(queries: Queries, random: Random, accountId: string, numbers: string[], from: number) {
  numbers.forEach((phone, index) => {
    const verifiedAt = from + (index * 17 + 2) * DAY
    queries.callerIds.insert({
      id: newCallerIdId(random),
      account_id: accountId,
      phone_number: phone,
      validation_code: newValidationCode(random),
      started_at_ms: verifiedAt - 40_000,
      verified_at_ms: verifiedAt,
    })
  })
}

interface GenerateOptions {
  accountId: string
  count: number
  fromMs: number
  toMs: number
  callerIds: string[]
  /** Calls of this caller ID created since `sinceMs`, and its share of the newest calls, reach fewer people. */
  poorlyAnswered?: { callerId: string; reach: number; sinceMs: number }
}

// The poorly answered caller ID's newest calls are low whatever the seed's size: its share of this many of
// the newest calls (a third of them, with three caller IDs) fills its recent window of 50.
const POORLY_ANSWERED_NEWEST = 150

/** Calls on weekdays in US office hours, with month-to-month swings so some months exceed the commitment. */
function* generateCalls(
  random: Random,
  { accountId, count, fromMs, toMs, callerIds, poorlyAnswered }: GenerateOptions,
): Generator<NewCall> {
  const months: { start: number; end: number; weight: number }[] = []
  for (let start = periodStartOf(fromMs); start < toMs; start = addMonths(start, 1)) {
    const end = Math.min(addMonths(start, 1), toMs)
    const rampUp = months.length < 3 ? 0.45 + months.length * 0.2 : 1
    const weight =
      ((end - Math.max(start, fromMs)) / (addMonths(start, 1) - start)) * rampUp * (0.7 + random.next() * 0.6)
    months.push({ start: Math.max(start, fromMs), end, weight })
  }
  const totalWeight = months.reduce((sum, month) => sum + month.weight, 0) || 1
  const times: number[] = []
  for (const month of months) {
    const share = Math.round((count * month.weight) / totalWeight)
    for (let index = 0; index < share && times.length < count; index++) times.push(officeHourTime(random, month))
  }
  while (times.length < count && months.length > 0) times.push(officeHourTime(random, random.pick(months)))
  times.sort((a, b) => a - b)
  const poorSince = poorlyAnswered
    ? Math.min(poorlyAnswered.sinceMs, times[Math.max(0, times.length - POORLY_ANSWERED_NEWEST)] ?? Infinity)
    : Infinity
  for (const createdAtMs of times) {
    const callId = newCallId(createdAtMs, random)
    const destination = random.chance(0.04)
      ? random.pick(['+15005550006', '+15005550002', '+15005550004'])
      : `+1${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}`
    const callerId = random.pick(callerIds)
    const reach = poorlyAnswered?.callerId === callerId && createdAtMs >= poorSince ? poorlyAnswered.reach : 1
    yield {
      callId,
      accountId,
      callerId,
      destination,
      record: random.chance(0.4),
      metadata: withTeam(seedMetadata(random), callId),
      source: 'API',
      plan: planCall({ callId, destination, createdAtMs, speed: 1, maxTalkSeconds: 600, reach }),
      periodStartMs: periodStartOf(createdAtMs),
    }
  }
}

function officeHourTime(random: Random, range: { start: number; end: number }): number {
  for (let attempt = 0; attempt < 20; attempt++) {
    const day = Math.floor((range.start + random.next() * (range.end - range.start)) / DAY) * DAY
    const time = day + 13 * HOUR + random.int(0, 9 * HOUR - 1)
    const weekday = new Date(day).getUTCDay()
    if (weekday !== 0 && weekday !== 6 && time >= range.start && time < range.end) return time
  }
  return range.start + Math.floor(random.next() * (range.end - range.start))
}

function seedMetadata(random: Random): Record<string, string | number | boolean> {
  const roll = random.next()
  if (roll < 0.15) return {}
  const metadata: Record<string, string | number | boolean> = {
    ticket: `T-${random.int(1000, 9999)}`,
    agent: random.pick(AGENTS),
  }
  if (roll > 0.6) metadata.campaign = random.pick(CAMPAIGNS)
  if (roll > 0.85) metadata.priority = random.int(1, 3)
  if (roll > 0.95) metadata.vip = true
  return metadata
}

/**
 * The team that placed the call, beside its ticket: from a generator of its own (seeded by the call id), so
 * adding it left every other seeded value as it was.
 */
function withTeam(metadata: Record<string, string | number | boolean>, callId: string) {
  if (Object.keys(metadata).length === 0) return metadata
  return { ...metadata, team: createRandom(`team|${callId}`).pick(TEAMS) }
}

/** A commitment that about a third of the finished months exceed. */
function commitmentFor(minutesByPeriod: ReadonlyMap<number, number>, currentPeriod: number): number {
  const finished = [...minutesByPeriod].filter(([period]) => period < currentPeriod)
  const sorted = finished.map(([, minutes]) => minutes).sort((a, b) => a - b)
  const pivot = sorted[Math.floor((sorted.length * 2) / 3)] ?? 0
  // Just under the pivot month, so it and every busier month go over.
  return Math.max(100, Math.floor((pivot - 1) / 10) * 10)
}
