// Heavy work in turns: reading an import (a body of many MiB, then a CSV parsed and normalised on the event loop,
// seconds for 100,000 rows), an erasure or a subject-access export (scans of every table that may name a number).
// A person does one of a kind at a time, across instances (a person slot in the store), and an instance does at
// most a few of a kind, whoever asks: one person's burst cannot hold everyone's requests behind it nor fill the
// memory. Taken before the body is read, held until the answer is ready.
import type { MiddlewareHandler } from 'hono'
import type { SessionEnv } from '../auth'
import type { ConsoleStore } from '../store'
import { createPersonSlots } from './person-slots'
import { sendProblem } from './problem'

export const IMPORTS_AT_ONCE = 2
const RETRY_AFTER_SECONDS = '5'

interface Refusal {
  title: string
  detail: string
}

/**
 * Heavy work of one kind, in turns: one of a person's at a time across instances, `atOnce` an instance whoever
 * asks; 429 with Retry-After and the refusal's words past either.
 */
export function heavyTurns(
  store: ConsoleStore,
  now: () => number,
  options: { kind: string; atOnce: number; busy: Refusal; yours: Refusal },
): MiddlewareHandler<SessionEnv> {
  const slots = createPersonSlots(store, options.kind, 1, now)
  let working = 0
  return async (c, next) => {
    if (working >= options.atOnce) {
      c.header('Retry-After', RETRY_AFTER_SECONDS)
      return sendProblem(c, 429, options.busy.title, options.busy.detail)
    }
    working++
    try {
      const slot = await slots.claim(c.get('session').userId)
      if (!slot) {
        c.header('Retry-After', RETRY_AFTER_SECONDS)
        return sendProblem(c, 429, options.yours.title, options.yours.detail)
      }
      try {
        await next()
      } finally {
        await slot.release()
      }
    } finally {
      working--
    }
  }
}

export function importTurns(
  store: ConsoleStore,
  now: () => number,
  /** `kind` keeps these slots apart from other imports'; `file` names one in the refusals ("call list file"). */
  { kind, file }: { kind: string; file: string },
): MiddlewareHandler<SessionEnv> {
  return heavyTurns(store, now, {
    kind,
    atOnce: IMPORTS_AT_ONCE,
    busy: {
      title: 'Other imports are being read',
      detail: `The console reads ${IMPORTS_AT_ONCE} ${file}s at once, and others are being read now. Try again in a few seconds.`,
    },
    yours: {
      title: 'Your other import is still being read',
      detail: `The console reads one ${file} of yours at a time. Wait for the other one to finish, then send this again.`,
    },
  })
}
