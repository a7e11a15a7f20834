import { Hono } from 'hono'
import { listCallerIdsResponse, startVerificationRequest, startVerificationResponse } from '../contract/schemas'
import type { AppDeps, AppEnv } from '../deps'
import { newCallerIdId } from '../domain/ids'
import { createRandom } from '../domain/prng'
import { toTimestamp } from '../domain/time'
import {
  cnamDisplayName,
  isVerified,
  newValidationCode,
  verificationCompletesAt,
  verificationMessage,
} from '../domain/verification'
import { methodNotAllowed } from '../http/error-handler'
import { createIdempotency } from '../http/idempotency'
import { limitBody, readJsonBody } from '../http/json-body'
import { ProblemError } from '../http/problem'

export function callerIdsRoutes({ queries, now, config }: AppDeps) {
  const idempotent = createIdempotency(queries, now)
  let codes = 0

  return new Hono<AppEnv>()
    .post('/', limitBody, (c) =>
      idempotent(
        c,
        'caller-ids',
        () => readJsonBody(c, startVerificationRequest),
        ({ phone_number }) => {
          const account = c.get('account')
          const time = now()
          const existing = queries.callerIds.findByNumber(account.id, phone_number)
          if (existing && isVerified(existing.verified_at_ms, time)) {
            throw new ProblemError(
              409,
              'Already verified',
              `${phone_number} is already a verified caller ID of this account.`,
              { type: 'caller-id-already-verified' },
            )
          }
          // Deterministic per account, number and attempt, so tests can reason about codes.
          const random = createRandom(`${account.id}|${phone_number}|${time}|${codes++}`)
          const code = newValidationCode(random)
          const verifiesAt = verificationCompletesAt(phone_number, time, config.verifyDelayMs, config.speed)
          let id = existing?.id
          if (id) queries.callerIds.restart(id, code, time, verifiesAt)
          else {
            id = newCallerIdId()
            queries.callerIds.insert({
              id,
              account_id: account.id,
              phone_number,
              validation_code: code,
              started_at_ms: time,
              verified_at_ms: verifiesAt,
            })
          }
          const body = startVerificationResponse.parse({
            caller_id_id: id,
            phone_number,
            validation_code: code,
            message: verificationMessage(phone_number, code),
          })
          return { status: 201, body }
        },
      ),
    )
    .get('/', (c) => {
      const account = c.get('account')
      const rows = queries.callerIds.listVerified(account.id, now())
      return c.json(
        listCallerIdsResponse.parse({
          caller_ids: rows.map((row) => ({
            id: row.id,
            phone_number: row.phone_number,
            verification_status: 'VERIFIED',
            cnam_display_name: cnamDisplayName(account.name),
            cnam_status: 'APPROVED',
            verified_at: toTimestamp(row.verified_at_ms ?? 0),
          })),
        }),
      )
    })
    .all('/', methodNotAllowed(['GET', 'POST']))
}
