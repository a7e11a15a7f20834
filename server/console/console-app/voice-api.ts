// The voice API behind sessions and roles: a placement's checks before it is forwarded (do-not-call, call lists, a
// required outcome, recording consent, calling hours, the recordings' window), what follows each answer (the audit
// first: it records the owner the board and the index show), recordings, and a 404 problem for any other /api path.
import type { Hono } from 'hono'
import { STORAGE_PROXY_PATH } from '../../../src/api/contract/recording-links'
import { API_PREFIX } from '../../../src/api/contract/schemas'
import { createPlacementForwarding } from '../audit/placement-forwarded'
import { createVoiceAudit } from '../audit/voice-events'
import type { SessionEnv } from '../auth/require-session'
import { listPlacementClaim } from '../call-lists/placement-claim'
import { createPlacedCallbackCloser } from '../callbacks/placed-callback'
import { placementHours } from '../calling-hours/placement-hours'
import { createPlacedCallIndexer } from '../calls/index/placed-calls'
import { outcomeRequired } from '../calls/work/outcome-required'
import { doNotCallRefusal } from '../do-not-call/placement-refusal'
import { sendProblem } from '../http/problem'
import { createPlacedCallNotifier } from '../live/placed-calls'
import { calleeTimeZones } from '../phone/callee-time-zones'
import { recordingOfRequest, storageTarget } from '../proxy/storage-target'
import { upstreamBase } from '../proxy/voice-proxy'
import { voiceRoutes } from '../proxy/voice-routes'
import { recordingConsent } from '../recording-consent/placement-consent'
import { recordingWindowRefusal } from '../retention/recording-window'
import type { ConsoleAppOptions } from './options'
import type { ConsoleParts } from './parts'

export function mountVoiceApi(app: Hono<SessionEnv>, options: ConsoleAppOptions, parts: ConsoleParts) {
  const { now, audit, storageOrigins, liveHub, refusals, recording, proxy, limiter, signedIn } = parts
  const recordVoiceEvent = createVoiceAudit(audit, options.store, now, (url) => recordingOfRequest(url, storageOrigins))
  const notePlacedCall =
    liveHub && createPlacedCallNotifier(liveHub, (ids) => options.store.callOwners.ownersOf(ids), options.logger)
  const indexPlacedCall = createPlacedCallIndexer(options.store, options.logger)
  const closePlacedCallback = createPlacedCallbackCloser(options.store, audit, options.logger, now)
  const { callingHours } = options
  const outsideHours = callingHours
    ? [
        placementHours({
          store: options.store,
          hours: callingHours,
          audit,
          refusals,
          timeZonesOf: calleeTimeZones,
          now,
        }),
      ]
    : []
  const recordingsDays = options.retention?.recordingsDays ?? null
  const storageUpstream = upstreamBase(options.storageUpstream ?? options.upstream)
  const recordingWindow =
    recordingsDays === null
      ? []
      : [
          recordingWindowRefusal({
            store: options.store,
            days: recordingsDays,
            callOf: (url) => recordingOfRequest(url, storageOrigins),
            served: async (url) => !('refused' in (await storageTarget(url, storageUpstream, storageOrigins))),
            now,
          }),
        ]
  // The audit first: it records the owner the board and the index show.
  const voice = voiceRoutes(
    proxy,
    limiter,
    {
      forwarding: createPlacementForwarding(audit),
      answered: async (c, operation, response, forwardedEntry) => {
        await recordVoiceEvent(c, operation, response, forwardedEntry)
        await storageOrigins.learnFrom(operation, response)
        await indexPlacedCall(operation, response)
        await closePlacedCallback(c, operation, response)
        if (notePlacedCall) await notePlacedCall(operation, response)
      },
    },
    [
      doNotCallRefusal(options.store, refusals),
      listPlacementClaim(options.store, now),
      ...(options.requireOutcome ? [outcomeRequired(options.store, refusals)] : []),
      // Before the hours: a placement refused for want of consent must not use an admin's one call outside them.
      recordingConsent(recording, audit, refusals),
      ...outsideHours,
      ...recordingWindow,
    ],
  )
  app.use(`${API_PREFIX}/*`, signedIn)
  app.use('/storage/*', signedIn)
  app.use(STORAGE_PROXY_PATH, signedIn)
  app.route(API_PREFIX, voice)
  app.route('/storage', voice)
  app.route(STORAGE_PROXY_PATH, voice)
  // An API client should never get the SPA's HTML instead of an answer.
  app.all('/api/*', (c) => sendProblem(c, 404, 'Not found', 'There is no such API path on this console.'))
}
