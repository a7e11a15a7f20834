// The routes of what the law and the team's rules ask: the audit trail, calling hours and their exceptions, the
// recording notice, the do-not-call list, and erasures with subject access.
import type { Hono } from 'hono'
import { AUDIT_PATHS } from '../../../src/api/contract/audit-schemas'
import { CONSOLE_PREFIX } from '../../../src/api/contract/console-schemas'
import { DO_NOT_CALL_PATH } from '../../../src/api/contract/do-not-call-schemas'
import { auditRoutes } from '../audit/routes'
import type { SessionEnv } from '../auth/require-session'
import { callingHoursRoutes } from '../calling-hours/routes'
import { doNotCallRoutes } from '../do-not-call/routes'
import { erasureRoutes } from '../erasure/routes'
import { calleeTimeZones } from '../phone/callee-time-zones'
import { recordingNoticeRoutes } from '../recording-consent/routes'
import type { ConsoleAppOptions } from './options'
import type { ConsoleParts } from './parts'

export function mountComplianceRoutes(app: Hono<SessionEnv>, options: ConsoleAppOptions, parts: ConsoleParts) {
  const { now, audit, signedInPaced, recording, exportTurns } = parts
  app.route(`${CONSOLE_PREFIX}${AUDIT_PATHS.page}`, auditRoutes(options.store, audit, signedInPaced, now, exportTurns))
  if (options.callingHours) {
    const hours = { store: options.store, audit, hours: options.callingHours, timeZonesOf: calleeTimeZones, now }
    app.route(CONSOLE_PREFIX, callingHoursRoutes({ ...hours, signedIn: signedInPaced }))
  }
  app.route(CONSOLE_PREFIX, recordingNoticeRoutes(recording, signedInPaced))
  app.route(
    `${CONSOLE_PREFIX}${DO_NOT_CALL_PATH}`,
    doNotCallRoutes({ store: options.store, audit, signedIn: signedInPaced, now }),
  )
  app.route(
    CONSOLE_PREFIX,
    erasureRoutes({
      store: options.store,
      audit,
      signedIn: signedInPaced,
      now,
    }),
  )
}
