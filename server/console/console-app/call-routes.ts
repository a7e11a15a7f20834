// The routes of calls and the work on them: who placed a page of calls, saved views, call lists, outcomes and
// notes, the search and its export, the last caller ID for a number, callbacks, scorecards and a call's scores.
import type { Hono } from 'hono'
import { CALL_INDEX_PATHS } from '../../../src/api/contract/call-index-schemas'
import { CALL_LISTS_PATH } from '../../../src/api/contract/call-list-schemas'
import { CONSOLE_PREFIX } from '../../../src/api/contract/console-schemas'
import { OUTCOME_KINDS_PATH } from '../../../src/api/contract/outcome-kind-schemas'
import { PLACED_BY_PATH } from '../../../src/api/contract/placed-by-schemas'
import { SCORECARDS_PATH } from '../../../src/api/contract/scoring-schemas'
import type { SessionEnv } from '../auth/require-session'
import { callListRoutes } from '../call-lists/routes'
import { callbackRoutes } from '../callbacks/routes'
import { callerIdSuggestionRoutes } from '../caller-ids/suggestion-routes'
import { contactHeldUntil } from '../calling-hours/placement-hours'
import { callExportRoutes } from '../calls/index/export-routes'
import { createSearchLimits } from '../calls/index/search-limits'
import { callIndexRoutes } from '../calls/index/search-routes'
import { placedByRoutes } from '../calls/placed-by-routes'
import { savedViewRoutes } from '../calls/saved-view-routes'
import { outcomeKindRoutes } from '../calls/work/outcome-kind-routes'
import { workRoutes } from '../calls/work/work-routes'
import { notifyWorkSaved } from '../calls/work/work-saved'
import { calleeTimeZones } from '../phone/callee-time-zones'
import { callScoreRoutes } from '../scoring/call-score-routes'
import { scorecardRoutes } from '../scoring/scorecard-routes'
import { workSavedListeners } from '../work-composition'
import type { ConsoleAppOptions } from './options'
import type { ConsoleParts } from './parts'

export function mountCallRoutes(app: Hono<SessionEnv>, options: ConsoleAppOptions, parts: ConsoleParts) {
  const { now, audit, signedInPaced, signedInWorkPaced, queryPace, searchTurns, integrationDelivery } = parts
  app.route(`${CONSOLE_PREFIX}${PLACED_BY_PATH}`, placedByRoutes(options.store, signedInPaced))
  app.route(`${CONSOLE_PREFIX}${CALL_INDEX_PATHS.views}`, savedViewRoutes(options.store, signedInPaced, now))
  app.route(
    `${CONSOLE_PREFIX}${CALL_LISTS_PATH}`,
    callListRoutes({
      store: options.store,
      audit,
      signedIn: signedInPaced,
      now,
      heldUntil:
        options.callingHours && contactHeldUntil({ hours: options.callingHours, timeZonesOf: calleeTimeZones }),
      // Contacts' numbers are E.164 from their import, as the list's: one primary-key probe each.
      listed: async (number) => (await options.store.doNotCall.find(number)) !== null,
    }),
  )
  app.route(
    CONSOLE_PREFIX,
    workRoutes({
      store: options.store,
      audit,
      signedIn: signedInWorkPaced,
      clock: options.workClock ?? options.store.callWork.clock,
      // Integrations and call lists each give a listener here, composed by whoever starts the console.
      onWorkSaved: notifyWorkSaved(
        [...workSavedListeners(options.store, integrationDelivery), ...(options.onWorkSaved ?? [])],
        options.logger,
      ),
    }),
  )
  app.route(
    `${CONSOLE_PREFIX}${OUTCOME_KINDS_PATH}`,
    outcomeKindRoutes({ store: options.store, audit, signedIn: signedInWorkPaced }),
  )
  app.route(
    CONSOLE_PREFIX,
    callIndexRoutes({
      store: options.store,
      sync: options.callIndex ?? null,
      signedIn: signedInPaced,
      withinLimits: createSearchLimits({ store: options.store, pace: queryPace, turns: searchTurns, now }),
    }),
  )
  app.route(CONSOLE_PREFIX, callerIdSuggestionRoutes(options.store, signedInPaced))
  app.route(
    CONSOLE_PREFIX,
    callExportRoutes({
      store: options.store,
      audit,
      signedIn: signedInPaced,
      exportTurns: parts.exportTurns,
      now,
    }),
  )
  app.route(
    CONSOLE_PREFIX,
    callbackRoutes({ store: options.store, audit, signedIn: signedInPaced, timeZonesOf: calleeTimeZones, now }),
  )
  // Issue 53, item 6: scorecards and a call's scores (their summaries on /usage: usage-routes.ts).
  const scoring = { store: options.store, audit, signedIn: signedInPaced, now }
  app.route(`${CONSOLE_PREFIX}${SCORECARDS_PATH}`, scorecardRoutes(scoring))
  app.route(CONSOLE_PREFIX, callScoreRoutes(scoring))
}
