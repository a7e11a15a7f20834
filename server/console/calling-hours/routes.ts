// /api/console/calling-hours: whether a number may be called now (for New call, before the press), and an admin's
// one call to a number allowed outside the callee's hours, with a reason, audited. The placement that uses it is
// placement-hours.ts's.
import { Hono, type MiddlewareHandler } from 'hono'
import * as z from 'zod/mini'
import {
  CALLING_HOURS_EXCEPTION_MS,
  CALLING_HOURS_PATHS,
  type CallingHoursAnswer,
  type CallingHoursException,
  callingHoursExceptionInput,
} from '../../../src/api/contract/calling-hours-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { jsonBody } from '../http/json-body'
import { queryString } from '../http/query-string'
import type { ConsoleStore } from '../store'
import { clockText } from './calling-window'
import { calleeHoursAt, type PlacementHoursOptions } from './placement-hours'

const numberQuery = z.object({
  phone_number: z.string().check(z.regex(/^\+[1-9]\d{6,14}$/, { error: 'Give the number in E.164, +14155550100.' })),
})

export interface CallingHoursRoutesOptions extends Omit<PlacementHoursOptions, 'audit' | 'store' | 'refusals'> {
  store: ConsoleStore
  audit: AuditLog
  signedIn: MiddlewareHandler<SessionEnv>
}

export function callingHoursRoutes(options: CallingHoursRoutesOptions) {
  const { store, audit, now } = options
  const exceptionBody = jsonBody(callingHoursExceptionInput, 'Check the number and the reason.')
  return new Hono<SessionEnv>()
    .get(
      CALLING_HOURS_PATHS.hours,
      options.signedIn,
      requirePermission('calls:create'),
      queryString(numberQuery, 'Check the number.'),
      async (c) => {
        const answer = await calleeHoursAt(options, c.req.valid('query').phone_number, now())
        return c.json({
          allowed: answer.allowed,
          zones: answer.zones,
          local_times: answer.localTimes,
          window: { start: clockText(answer.window.start), end: clockText(answer.window.end) },
          opens_at: answer.opensAt === null ? null : new Date(answer.opensAt).toISOString(),
          sentence: answer.sentence,
        } satisfies CallingHoursAnswer)
      },
    )
    .post(
      CALLING_HOURS_PATHS.exceptions,
      options.signedIn,
      requirePermission('calling-hours:override'),
      exceptionBody,
      async (c) => {
        const { phone_number: phoneNumber, reason } = c.req.valid('json')
        const session = c.get('session')
        const allowedAt = now()
        const row = await store.callingHoursExceptions.allow({
          phoneNumber,
          reason,
          allowedBy: session.userId,
          allowedAt,
          expiresAt: allowedAt + CALLING_HOURS_EXCEPTION_MS,
        })
        const answer = {
          phone_number: phoneNumber,
          reason,
          allowed_by: session.email,
          allowed_at: new Date(row.allowedAt).toISOString(),
          expires_at: new Date(row.expiresAt).toISOString(),
        } satisfies CallingHoursException
        await audit.record({
          actor: actorOf(session),
          action: 'calling-hours.exception-allowed',
          target: phoneNumber,
          outcome: 201,
          ...requestFacts(c),
          detail: { exception: row.id, reason, expiresAt: answer.expires_at },
        })
        return c.json(answer, 201)
      },
    )
}
