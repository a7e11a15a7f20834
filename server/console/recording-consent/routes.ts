// GET /api/console/recording-notice[?phone_number=]: what New call and the call lists show before a recorded call,
// asked before the press: the reminder (CONSOLE_RECORDING_NOTICE), and whether the number's country asks for the
// agent's confirmation of consent (placement-consent.ts refuses the placement without it anyway).
import { Hono, type MiddlewareHandler } from 'hono'
import * as z from 'zod/mini'
import { RECORDING_NOTICE_PATH, type RecordingNoticeAnswer } from '../../../src/api/contract/recording-notice-schemas'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { queryString } from '../http/query-string'
import { calleeCountry } from '../phone/callee-time-zones'
import type { RecordingSettings } from './consent-regions'
import { consentCountry } from './placement-consent'

const numberQuery = z.object({
  phone_number: z.optional(
    z.string().check(z.regex(/^\+[1-9]\d{6,14}$/, { error: 'Give the number in E.164, +14155550100.' })),
  ),
})

export function recordingNoticeRoutes(settings: RecordingSettings, signedIn: MiddlewareHandler<SessionEnv>) {
  return new Hono<SessionEnv>().get(
    RECORDING_NOTICE_PATH,
    signedIn,
    requirePermission('calls:create'),
    queryString(numberQuery, 'Check the number.'),
    (c) => {
      const number = c.req.valid('query').phone_number
      const answer: RecordingNoticeAnswer = {
        notice: settings.notice,
        consent_required: number !== undefined && consentCountry(settings, number) !== null,
        country: number === undefined ? null : calleeCountry(number),
      }
      return c.json(answer)
    },
  )
}
