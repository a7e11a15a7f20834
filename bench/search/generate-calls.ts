// The search bench's calls: a year of one account's calls as the voice API's detail tells of them,
// newest first (the order a backfill lists them), the same for the same count on every run.
// Many destinations (a fifth of them repeat customers), 40 caller IDs, ended calls only (a year-old
// index holds no call in flight), a third with a recording, some voicemail drops, metadata with
// ticket ids (T-123456, ZX-8841), agents and campaigns, and some calls placed by console users.

import type { CallDetail, Metadata } from '../../server/simulator/contract/schemas'
import { newCallId } from '../../server/simulator/domain/ids'
import { createRandom, type Random } from '../../server/simulator/domain/prng'
import { toTimestamp } from '../../server/simulator/domain/time'
import { callLinks } from '../../server/simulator/routes/call-views'

/** The seeded year ends here, whenever it is seeded: the same calls every time. */
export const SEEDED_UNTIL = Date.parse('2026-11-20T00:00:00Z')
const SEEDED_FROM = SEEDED_UNTIL - 365 * 24 * 3_600_000

/** Console users who place some of the calls (call_owners); the rest came through the API. */
export const CALL_PLACERS = 6

const HOUR = 3_600_000
const DAY = 24 * HOUR
const FIRST = ['Maria', 'James', 'Wei', 'Fatima', 'Lucas', 'Priya', 'Noah', 'Sofia', 'Kwame', 'Ingrid', 'Omar', 'Yuki']
const LAST = ['Garcia', 'Okafor', 'Lindqvist', 'Chen', 'Haddad']
/** 60 agents: each name on about 1.4% of the calls. */
export const AGENTS = FIRST.flatMap((first) => LAST.map((last) => `${first} ${last}`))
const CAMPAIGNS = ['renewals', 'onboarding', 'collections', 'win-back', 'survey', 'upsell', 'reminders', 'churn-risk']
// Area codes of the account's caller IDs; every one in the 555 exchange, as test numbers are.
const CALLER_IDS = Array.from({ length: 40 }, (_, index) => `+1${212 + index * 19}555${String(100 + index * 7)}0`)
const REPEAT_CUSTOMERS = 40_000

export interface GeneratedCall {
  detail: CallDetail
  /** Index into the console's call placers, or null: placed through the API. */
  placer: number | null
}

function randomNumber(random: Random): string {
  return `+1${random.int(201, 989)}${random.int(200, 999)}${String(random.int(0, 9999)).padStart(4, '0')}`
}

/** Whole seconds on weekdays between 08:00 and 18:00 US Eastern (13:00 to 23:00 UTC), newest first. */
function officeHourTimes(random: Random, count: number): Float64Array {
  const times = new Float64Array(count)
  for (let index = 0; index < count; index++) {
    let time = SEEDED_FROM
    for (let attempt = 0; attempt < 20; attempt++) {
      const day = Math.floor((SEEDED_FROM + random.next() * (SEEDED_UNTIL - SEEDED_FROM)) / DAY) * DAY
      time = day + 13 * HOUR + random.int(0, 10 * 3_600 - 1) * 1000
      const weekday = new Date(day).getUTCDay()
      if (weekday !== 0 && weekday !== 6 && time < SEEDED_UNTIL) break
    }
    times[index] = time
  }
  return times.sort().reverse()
}

function metadataOf(random: Random): Metadata {
  const roll = random.next()
  if (roll < 0.15) return {}
  const metadata: Metadata = {
    ticket: random.chance(0.7) ? `T-${random.int(100_000, 999_999)}` : `ZX-${random.int(1000, 9999)}`,
    agent: random.pick(AGENTS),
  }
  if (roll > 0.6) metadata.campaign = random.pick(CAMPAIGNS)
  if (roll > 0.85) metadata.priority = random.int(1, 3)
  if (roll > 0.95) metadata.vip = true
  return metadata
}

export function* generateCalls(count: number): Generator<GeneratedCall> {
  const random = createRandom(`search-bench-${count}`)
  const customers = Array.from({ length: REPEAT_CUSTOMERS }, () => randomNumber(random))
  for (const createdAt of officeHourTimes(random, count)) {
    const callId = newCallId(createdAt, random)
    const completed = random.chance(0.72)
    const ringSeconds = random.int(3, 25)
    const duration = completed ? Math.round(5 + random.next() ** 2 * 895) : 0
    const recorded = completed && random.chance(0.46)
    yield {
      placer: random.chance(0.08) ? random.int(0, CALL_PLACERS - 1) : null,
      detail: {
        call_id: callId,
        status: completed ? 'DIALER_COMPLETED' : 'DIALER_FAILED',
        caller_id: random.pick(CALLER_IDS),
        destination: random.chance(0.2) ? random.pick(customers) : randomNumber(random),
        duration_seconds: duration,
        billed_minutes: Math.ceil(duration / 60),
        recording_url: recorded ? `https://storage.example.com/recordings/${callId}.wav` : null,
        voicemail_drop: completed && random.chance(0.04),
        source: 'API',
        metadata: metadataOf(random),
        created_at: toTimestamp(createdAt),
        updated_at: toTimestamp(createdAt + (ringSeconds + duration) * 1000),
        links: callLinks(callId),
      },
    }
  }
}
