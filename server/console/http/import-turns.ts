// Reading an import is heavy: a body of many MiB, then a CSV parsed and normalised on the event loop (seconds for
// 100,000 rows). So a person reads one file of a kind at a time, across instances (a person slot in the store), and
// an instance reads at most IMPORTS_AT_ONCE of a kind, whoever sends them: one person's burst of uploads cannot hold
// everyone's requests behind it nor fill the memory. Taken before the body is read, held until the answer is ready.
import type { MiddlewareHandler } from 'hono'
import type { SessionEnv } from '../auth/require-session'
import type { ConsoleStore } from '../store'
import { createPersonSlots } from './person-slots'
import { sendProblem } from './problem'

export const IMPORTS_AT_ONCE = 2
const RETRY_AFTER_SECONDS = '5'

export function importTurns(
  store: ConsoleStore,
  now: () => number,
  /** `kind` keeps these slots apart from other imports'; `file` names one in the refusals ("call list file"). */
  { kind, file }: { kind: string; file: string },
): MiddlewareHandler<SessionEnv> {
  const slots = createPersonSlots(store, kind, 1, now)
  let reading = 0
  return async (c, next) => {
    if (reading >= IMPORTS_AT_ONCE) {
      c.header('Retry-After', RETRY_AFTER_SECONDS)
      return sendProblem(
        c,
        429,
        'Other imports are being read',
        `The console reads ${IMPORTS_AT_ONCE} ${file}s at once, and others are being read now. Try again in a few seconds.`,
      )
    }
    reading++
    try {
      const slot = await slots.claim(c.get('session').userId)
      if (!slot) {
        c.header('Retry-After', RETRY_AFTER_SECONDS)
        return sendProblem(
          c,
          429,
          'Your other import is still being read',
          `The console reads one ${file} of yours at a time. Wait for the other one to finish, then send this again.`,
        )
      }
      try {
        await next()
      } finally {
        await slot.release()
      }
    } finally {
      reading--
    }
  }
}
