import type { CallStatus } from '../../../src/api/contract/schemas'
import { billedMinutes } from './billing'
import { createRandom } from './prng'

export type CallOutcome = 'DIALER_COMPLETED' | 'DIALER_FAILED'

/**
 * Everything about a call's life, decided when it is created. Times are wall-clock ms
 * (already divided by the speed); duration is in simulated seconds.
 */
export interface CallPlan {
  createdAtMs: number
  ringingAtMs: number
  endedAtMs: number
  outcome: CallOutcome
  durationSeconds: number
  billedMinutes: number
  voicemailDrop: boolean
}

/** Destinations with a fixed behaviour, like a payment provider's test cards. */
export const TEST_NUMBERS = {
  alwaysCompletes: '+15005550006',
  ringsThenFails: '+15005550002',
  failsAtOnce: '+15005550003',
  voicemail: '+15005550004',
} as const

type Shape = 'answered' | 'voicemail' | 'no-answer' | 'rejected'

// The usual mix below: 86% completed (answered or voicemail), 10% no answer, 4% rejected at once.
const USUAL_COMPLETED = 0.86

/**
 * A destination without a fixed behaviour, with `reach` (0..1) of the usual completed share: what a number
 * that carriers label "Spam Likely" gets. The completed keep the usual answered/voicemail split, the rest
 * the usual no-answer/rejected one. A reach of 1 reads the roll exactly as before.
 */
function reachedShape(roll: number, reach: number): Shape {
  const completed = USUAL_COMPLETED * reach
  if (roll < completed) return roll / reach < 0.78 ? 'answered' : 'voicemail'
  // The failures' share, stretched over the usual failures' range (0.86..1).
  const failed = USUAL_COMPLETED + ((roll - completed) / (1 - completed)) * (1 - USUAL_COMPLETED)
  return failed < 0.96 ? 'no-answer' : 'rejected'
}

function shapeFor(destination: string, roll: number, reach: number): Shape {
  switch (destination) {
    case TEST_NUMBERS.alwaysCompletes:
      return 'answered'
    case TEST_NUMBERS.ringsThenFails:
      return 'no-answer'
    case TEST_NUMBERS.failsAtOnce:
      return 'rejected'
    case TEST_NUMBERS.voicemail:
      return 'voicemail'
    default:
      if (reach < 1) return reachedShape(roll, reach)
      if (roll < 0.78) return 'answered'
      if (roll < 0.86) return 'voicemail'
      if (roll < 0.96) return 'no-answer'
      return 'rejected'
  }
}

export interface PlanInput {
  callId: string
  destination: string
  createdAtMs: number
  speed: number
  /** Upper bound of a conversation in seconds; seeded history uses longer calls than live ones. */
  maxTalkSeconds?: number
  /**
   * Of the usual completed share, how much this call's destination gets (default 1): the seed's poorly
   * answered caller ID calls with less. Below 1, a share of the answered hang up within seconds too.
   */
  reach?: number
}

// Below full reach, this share of the answered calls are hung up at once (3 to 9 s): callers who saw a
// warning on their screen.
const HUNG_UP_AT_ONCE = 0.35

export function planCall({
  callId,
  destination,
  createdAtMs,
  speed,
  maxTalkSeconds = 240,
  reach = 1,
}: PlanInput): CallPlan {
  const random = createRandom(`${callId}|${destination}`)
  const shape = shapeFor(destination, random.next(), reach)
  const initiatingMs = random.int(700, 1500)
  const ringMs = shape === 'no-answer' ? random.int(8000, 15_000) : random.int(2000, 7000)
  // Skewed towards short conversations: most calls last under two minutes.
  let talkSeconds =
    shape === 'voicemail' ? random.int(15, 40) : Math.round(10 + (maxTalkSeconds - 10) * random.next() ** 2.2)
  // Drawn after the usual draws, so a call at full reach is planned exactly as before.
  if (reach < 1 && shape === 'answered' && random.chance(HUNG_UP_AT_ONCE)) talkSeconds = random.int(3, 9)

  const ringingAtMs = createdAtMs + initiatingMs / speed
  let endedAtMs: number
  let durationSeconds = 0
  if (shape === 'rejected') endedAtMs = ringingAtMs
  else if (shape === 'no-answer') endedAtMs = ringingAtMs + ringMs / speed
  else {
    durationSeconds = talkSeconds
    endedAtMs = ringingAtMs + ringMs / speed + (talkSeconds * 1000) / speed
  }
  const outcome: CallOutcome = shape === 'answered' || shape === 'voicemail' ? 'DIALER_COMPLETED' : 'DIALER_FAILED'
  return {
    createdAtMs,
    ringingAtMs: Math.round(ringingAtMs),
    endedAtMs: Math.round(endedAtMs),
    outcome,
    durationSeconds,
    billedMinutes: billedMinutes(outcome, durationSeconds),
    voicemailDrop: shape === 'voicemail',
  }
}

export interface CallState {
  status: CallStatus
  /** Null while the call is in progress. */
  durationSeconds: number | null
  billedMinutes: number
  /** When the current status began. */
  updatedAtMs: number
  ended: boolean
}

/**
 * The call's state at `now`. The spec has no "answered" value, so a call in conversation
 * still reports DIALER_RINGING until it ends (see server/simulator/README.md).
 */
export function callStateAt(
  plan: Pick<CallPlan, 'createdAtMs' | 'ringingAtMs' | 'endedAtMs' | 'outcome' | 'durationSeconds' | 'billedMinutes'>,
  now: number,
): CallState {
  if (now >= plan.endedAtMs) {
    return {
      status: plan.outcome,
      durationSeconds: plan.durationSeconds,
      billedMinutes: plan.billedMinutes,
      updatedAtMs: plan.endedAtMs,
      ended: true,
    }
  }
  if (now >= plan.ringingAtMs) {
    return {
      status: 'DIALER_RINGING',
      durationSeconds: null,
      billedMinutes: 0,
      updatedAtMs: plan.ringingAtMs,
      ended: false,
    }
  }
  return {
    status: 'DIALER_INITIATED',
    durationSeconds: null,
    billedMinutes: 0,
    updatedAtMs: plan.createdAtMs,
    ended: false,
  }
}
