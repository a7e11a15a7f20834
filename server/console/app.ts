// The console server: mounting only. Order matters: host check, headers, CSRF,
// then the console's API, the voice API behind sessions and roles, and the SPA.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import * as z from 'zod/mini'
import { AUDIT_PATHS } from '../../src/api/contract/audit-schemas'
import { CALL_INDEX_PATHS } from '../../src/api/contract/call-index-schemas'
import { CALL_LISTS_PATH } from '../../src/api/contract/call-list-schemas'
import { CONSOLE_PREFIX, type SetupResponse } from '../../src/api/contract/console-schemas'
import { DO_NOT_CALL_PATH } from '../../src/api/contract/do-not-call-schemas'
import { LIVE_EVENTS_PATH } from '../../src/api/contract/live-schemas'
import { OUTCOME_KINDS_PATH } from '../../src/api/contract/outcome-kind-schemas'
import { PLACED_BY_PATH } from '../../src/api/contract/placed-by-schemas'
import { STORAGE_PROXY_PATH } from '../../src/api/contract/recording-links'
import { REPORT_SUBSCRIPTIONS_PATH } from '../../src/api/contract/report-subscription-schemas'
import { API_PREFIX } from '../../src/api/contract/schemas'
import { SCORECARDS_PATH } from '../../src/api/contract/scoring-schemas'
import { type AlertDelivery, createAlertDelivery } from './alerts/delivery/delivery'
import { alertDeliveryRoutes } from './alerts/delivery/routes'
import type { AlertEvaluator } from './alerts/rules/evaluator'
import { alertRuleRoutes } from './alerts/rules/routes'
import { type AuditLog, createAuditLog } from './audit/audit-log'
import { createPlacementForwarding } from './audit/placement-forwarded'
import { createRefusalTally, type RefusalTally } from './audit/refusal-tally'
import { auditRefusals } from './audit/refusals'
import { actorOf } from './audit/request-facts'
import { auditRoutes } from './audit/routes'
import { createVoiceAudit } from './audit/voice-events'
import { deviceCookies } from './auth/device-cookie'
import { preferencesRoutes } from './auth/preferences-routes'
import { requirePermission, requireSession, type SessionEnv } from './auth/require-session'
import { authRoutes, sessionBody } from './auth/routes'
import { sessionCookie } from './auth/session-cookie'
import { createSessionService, type SessionPolicy } from './auth/sessions'
import { createSignInThrottle, DEFAULT_THROTTLE, type ThrottlePolicy } from './auth/sign-in-throttle'
import { ssoRoutes } from './auth/sso/sso-routes'
import { ssoSettingsRoutes } from './auth/sso/sso-settings-routes'
import { createSsoSource } from './auth/sso/sso-source'
import { listPlacementClaim } from './call-lists/placement-claim'
import { callListRoutes } from './call-lists/routes'
import { createPlacedCallbackCloser } from './callbacks/placed-callback'
import { callbackRoutes } from './callbacks/routes'
import { callerIdHealthRoutes } from './caller-ids/health-routes'
import { callerIdSuggestionRoutes } from './caller-ids/suggestion-routes'
import type { CallingHours } from './calling-hours/calling-window'
import { contactHeldUntil, placementHours } from './calling-hours/placement-hours'
import { callingHoursRoutes } from './calling-hours/routes'
import type { CallIndexSync } from './calls/index/call-index-sync'
import { callExportRoutes } from './calls/index/export-routes'
import { createPlacedCallIndexer } from './calls/index/placed-calls'
import { readIndexState } from './calls/index/read-index-state'
import { createSearchLimits, SEARCHES_RUNNING_PER_PERSON } from './calls/index/search-limits'
import { callIndexRoutes } from './calls/index/search-routes'
import { placedByRoutes } from './calls/placed-by-routes'
import { savedViewRoutes } from './calls/saved-view-routes'
import { outcomeKindRoutes } from './calls/work/outcome-kind-routes'
import { outcomeRequired } from './calls/work/outcome-required'
import { workRoutes } from './calls/work/work-routes'
import { notifyWorkSaved, type WorkSavedListener } from './calls/work/work-saved'
import {
  type AlertChannelSettings,
  type LiveSettings,
  type NetworkConfig,
  SSO_CALLBACK_PATH,
  type SsoConfig,
} from './config'
import { doNotCallRefusal } from './do-not-call/placement-refusal'
import { doNotCallRoutes } from './do-not-call/routes'
import { erasureRoutes } from './erasure/routes'
import { resolveClientAddress } from './http/client-address'
import { consoleRoute } from './http/console-route'
import { csrfCheck } from './http/csrf'
import { createFairTurns, type FairTurns } from './http/fair-turns'
import { allowedHosts, hostCheck } from './http/host-check'
import { problem, sendProblem } from './http/problem'
import { queryLimitProblem } from './http/query-problems'
import { requestIds } from './http/request-id'
import { type Logger, requestLog } from './http/request-log'
import { securityHeaders } from './http/security-headers'
import { NO_TRUSTED_PROXIES } from './http/trusted-proxies'
import { createUserRateLimiter, pacedPerPerson } from './http/user-rate-limit'
import { createIntegrationDelivery, type IntegrationDelivery } from './integrations/integration-delivery'
import { integrationRoutes } from './integrations/routes'
import { createConsoleLiveHub } from './live/console-live-hub'
import { eventsRoutes } from './live/events-route'
import type { LiveHub } from './live/live-hub'
import { createPlacedCallNotifier } from './live/placed-calls'
import { createStreamSweep } from './live/stream-sweep'
import { calleeTimeZones } from './phone/callee-time-zones'
import { createFastReads, type FastReads } from './proxy/fast-reads'
import { createStorageOrigins, type StorageOriginsSetting } from './proxy/storage-origins'
import { recordingOfRequest, storageTarget } from './proxy/storage-target'
import { checkUpstream } from './proxy/upstream-status'
import { createVoiceProxy, upstreamBase } from './proxy/voice-proxy'
import { voiceRoutes } from './proxy/voice-routes'
import { NO_RECORDING_RULES, type RecordingSettings } from './recording-consent/consent-regions'
import { recordingConsent } from './recording-consent/placement-consent'
import { recordingNoticeRoutes } from './recording-consent/routes'
import { reportSubscriptionRoutes } from './reports/routes'
import { recordingWindowRefusal } from './retention/recording-window'
import type { RetentionWindows } from './retention/retention-windows'
import { can } from './roles'
import { callScoreRoutes } from './scoring/call-score-routes'
import { scorecardRoutes } from './scoring/scorecard-routes'
import { scoreSummaryRoutes } from './scoring/summary-routes'
import type { ConsoleStore } from './store'
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from './store/query-limits'
import { isStoreUnreachable } from './store/store-unreachable'
import { isStoreUnwritable } from './store/store-unwritable'
import { usageBreakdownRoutes } from './usage/breakdown-routes'
import { rateUnitRoutes } from './usage/rate-unit-routes'
import { userRoutes } from './users/routes'
import { setUpRoutes } from './users/set-up-routes'
import { createUserAdmin } from './users/user-admin'
import { spaRoutes } from './web/spa'
import { readCallWork, workSavedListeners } from './work-composition'

export interface ConsoleAppOptions {
  store: ConsoleStore
  logger: Logger
  publicUrl: URL
  allowLoopbackHosts: boolean
  session: SessionPolicy
  throttle?: ThrottlePolicy
  userRateLimitPerMinute: number
  /** Per person, a minute: the console's searches, exports, audit, views and placed-by (120 unless given). */
  queryRateLimitPerMinute?: number
  /** Per person: call exports streaming at once (2 unless given). */
  exportsPerPerson?: number
  /** The store's readers (CONSOLE_QUERY_*): as many searches take turns at once as there are readers. */
  queries?: QueryLimits
  /** The searches' turns at the readers, in rotation between people; made from `queries` when not given. */
  searchTurns?: FairTurns
  upstream: string
  apiKey: string | null
  storageUpstream?: string
  storageUrl?: string
  /** CONSOLE_STORAGE_ORIGINS: `auto` (learn from the service's answers) unless given. */
  storageOrigins?: StorageOriginsSetting
  /** The voice service's whole answer to an API operation (CONSOLE_UPSTREAM_TIMEOUT_MS); 10 s unless given. */
  upstreamTimeoutMs?: number
  /** The longest pause between two chunks of a recording (CONSOLE_RECORDING_IDLE_MS); 30 s unless given. */
  recordingIdleMs?: number
  /** The status hub's settings, when no hub is given. */
  live?: LiveSettings
  /** The process's one status hub (its owner closes it); one is made from `live` when not given. */
  liveHub?: LiveHub | null
  /** The process's call index sync (its owner closes it); null or absent: search answers `unavailable`. */
  callIndex?: CallIndexSync | null
  /** The process's alert evaluator (its owner closes it): a rule change asks it to evaluate soon. */
  alertEvaluator?: Pick<AlertEvaluator, 'notify'> | null
  /** Of the event stream; 15 s unless a test wants them sooner. */
  heartbeatMs?: number
  /** How often open live streams are checked against their sessions (live/stream-sweep.ts); 1 s unless a test says. */
  liveSweepMs?: number
  distDir: string
  demoUsers?: SetupResponse['demoUsers']
  /** Email and password sign-in; on unless turned off. */
  localSignIn?: boolean
  sso?: SsoConfig | null
  /** CONSOLE_OIDC_ALLOW_PRIVATE: a provider set from the page may be at a private address (off unless given). */
  ssoAllowPrivate?: boolean
  /** Which reverse proxies may name the client; none when not given. */
  network?: Pick<NetworkConfig, 'trustedProxies' | 'forwardedHeader'>
  /** The process's one audit log (its queue orders every append); a new one when not given. */
  audit?: AuditLog
  /** Anonymous refusals counted a minute at a time; its owner closes it (a new one, never closed, when not given). */
  refusals?: RefusalTally
  /** The process's alert delivery (its owner starts its worker and closes it); one without a worker when not given. */
  alertDelivery?: AlertDelivery
  /** The process's integration delivery (its owner starts its worker and closes it); one without a worker when not given. */
  integrationDelivery?: IntegrationDelivery
  /** SMTP and private webhooks, for the alert delivery made when none is given. */
  alertChannels?: AlertChannelSettings
  /** /healthz, /readyz, /metrics and the request metrics (ops/console-ops.ts); none when not given. */
  ops?: {
    measure: MiddlewareHandler
    routes: Hono
    proxyAnswered: (status: number | null) => void
    /** The request metrics' observer, for the fast path (proxy/fast-reads.ts), which has no middleware. */
    requestMeasured: (route: string, method: string, status: number, seconds: number) => void
  }
  now?: () => number
  /** CONSOLE_REQUIRE_OUTCOME: a person's next call waits for their previous call's outcome (off unless given). */
  requireOutcome?: boolean
  /** CONSOLE_CALLING_HOURS: placements only within the callee's local window (none enforced when not given). */
  callingHours?: CallingHours
  /** CONSOLE_RETENTION_*: with a recordings window, older recordings are answered 410 (none when not given). */
  retention?: RetentionWindows
  /** CONSOLE_RECORDING_NOTICE and CONSOLE_RECORDING_CONSENT_REGIONS: no reminder and no consent asked when not given. */
  recording?: RecordingSettings
  /** Told of every saved outcome and note besides the integrations and the call lists (work-composition.ts). */
  onWorkSaved?: readonly WorkSavedListener[]
  /** The outcomes' and notes' clock (the 24 hours of a note): the store's own unless a test gives one. */
  workClock?: () => Promise<number>
}

// The contract is zod/mini, which brings no messages of its own: a field without one is described in English.
z.config(z.locales.en())

/** The app, and the fast path for voice API reads that the server puts in front of it (proxy/fast-reads.ts). */
export function createConsole(options: ConsoleAppOptions): { app: Hono<SessionEnv>; fastReads: FastReads } {
  const now = options.now ?? Date.now
  const hosts = allowedHosts(options.publicUrl, options.allowLoopbackHosts)
  const origins = new Set([...hosts].map((host) => `${options.publicUrl.protocol}//${host}`))
  const https = options.publicUrl.protocol === 'https:'
  const cookie = sessionCookie(https)
  const sessions = createSessionService(options.store, options.session, now)
  const throttle = createSignInThrottle(options.store, options.throttle ?? DEFAULT_THROTTLE, now)
  const setting = options.storageOrigins ?? { origins: [], learn: true }
  // The origins an admin has already named for storage are served as well; the voice API's at named links only.
  const storageOrigins = createStorageOrigins({
    origins: [options.storageUrl, options.storageUpstream, ...setting.origins].filter((origin) => origin !== undefined),
    api: options.upstream,
    learn: setting.learn,
    learnPrivate: setting.learnPrivate,
    own: [...origins],
    onLearn: (origin) =>
      options.logger.info({ msg: 'recordings served from an origin the voice service named', origin }),
    onRefuse: (origin, reason) =>
      options.logger.info({ msg: 'recording origin the voice service named is not served', origin, reason }),
    shared: options.store.storageOrigins,
    now,
    onError: (error) => options.logger.error({ msg: 'could not share a storage origin', error: String(error) }),
  })
  const proxy = createVoiceProxy({
    upstream: options.upstream,
    apiKey: options.apiKey,
    storageUpstream: options.storageUpstream,
    storageOrigins,
    timeoutMs: options.upstreamTimeoutMs,
    recordingIdleMs: options.recordingIdleMs,
    onAnswer: options.ops?.proxyAnswered,
  })
  const limiter = createUserRateLimiter(options.store, 'voice', options.userRateLimitPerMinute, now)
  const headers = securityHeaders({ https })
  const signedIn = requireSession(sessions, cookie)
  // The console's own heavy endpoints: signed in, then within the person's pace (which refusals spend too).
  const queryPace = createUserRateLimiter(options.store, 'queries', options.queryRateLimitPerMinute ?? 120, now)
  const signedInPaced = every(signedIn, pacedPerPerson(queryPace))
  // Outcomes and notes: a bucket of their own at the same pace, so a person's searches never hold up their outcomes
  // (nor a list worked fast their searches), and one person's thousands of note versions wait while others save.
  const workPace = createUserRateLimiter(options.store, 'work', options.queryRateLimitPerMinute ?? 120, now)
  const signedInWorkPaced = every(signedIn, pacedPerPerson(workPace))
  const searchTurns =
    options.searchTurns ??
    createFairTurns({
      atOnce: (options.queries ?? DEFAULT_QUERY_LIMITS).workers,
      perPerson: SEARCHES_RUNNING_PER_PERSON,
    })
  const audit = options.audit ?? createAuditLog(options.store, now)
  const alertDelivery =
    options.alertDelivery ??
    createAlertDelivery({
      store: options.store,
      audit,
      logger: options.logger,
      config: {
        ...(options.alertChannels ?? { smtp: null, allowPrivate: false }),
        consoleUrl: options.publicUrl.origin,
      },
      now,
    })
  const integrationDelivery =
    options.integrationDelivery ??
    createIntegrationDelivery({
      store: options.store,
      audit,
      logger: options.logger,
      config: { allowPrivate: options.alertChannels?.allowPrivate ?? false, consoleUrl: options.publicUrl.origin },
      readWork: readCallWork(options.store),
      now,
    })
  const actorOfCookie = async (c: Context) => {
    const session = await sessions.resolve(cookie.read(c))
    return session ? actorOf(session) : null
  }

  const streamSweep = createStreamSweep(
    sessions.stillActive,
    (error) =>
      options.logger.error({ msg: 'could not check live streams against their sessions', error: String(error) }),
    options.liveSweepMs,
  )
  // A change to a person or a sign-out made here ends the live streams it concerns at once, not at the next sweep.
  const endsStreams: MiddlewareHandler = async (c, next) => {
    await next()
    if (c.req.method !== 'GET' && c.res.status < 400) await streamSweep.recheck()
  }

  const app = new Hono<SessionEnv>()
  app.use(
    resolveClientAddress(
      options.network?.trustedProxies ?? NO_TRUSTED_PROXIES,
      options.network?.forwardedHeader ?? 'x-forwarded-for',
    ),
  )
  app.use(requestIds(options.network?.trustedProxies ?? NO_TRUSTED_PROXIES))
  // Ahead of the log, the host check and the audit: load balancers probe by address, every few seconds.
  if (options.ops) {
    app.use(options.ops.measure)
    app.route('/', options.ops.routes)
  }
  app.use(requestLog(options.logger))
  app.onError((error, c) => {
    const refused = queryLimitProblem(error)
    if (refused) {
      if (isStoreUnreachable(error))
        options.logger.error({ msg: 'store unreachable', route: c.get('route') ?? null, error: String(error) })
      if (isStoreUnwritable(error)) {
        // /readyz fails from now until a write succeeds again (ops/readiness.ts).
        options.store.writeHealth.failed(now())
        options.logger.error({ msg: 'store cannot save', route: c.get('route') ?? null, error: String(error) })
      }
      return refused
    }
    options.logger.error({ msg: 'unhandled error', route: c.get('route') ?? null, error: String(error) })
    return problem(
      500,
      'Internal error',
      'Something went wrong in the console. Try again; if it keeps happening, tell an admin.',
    )
  })
  app.use(hostCheck(hosts))
  // Listed once, not on every request.
  const headerEntries = Object.entries(headers)
  app.use(async (c, next) => {
    await next()
    for (const [name, value] of headerEntries) c.res.headers.set(name, value)
  })
  const refusals =
    options.refusals ??
    createRefusalTally(audit, now, (error) =>
      options.logger.error({ msg: 'could not audit refusals', error: String(error) }),
    )
  app.use(auditRefusals(actorOfCookie, refusals, queryPace))
  app.use(csrfCheck(origins))
  app.use(`${CONSOLE_PREFIX}/*`, consoleRoute)
  app.use(`${CONSOLE_PREFIX}/sign-out`, endsStreams)
  app.use(`${CONSOLE_PREFIX}/users/*`, endsStreams)

  const ssoSource = createSsoSource({
    env: options.sso ?? null,
    store: options.store,
    publicUrl: options.publicUrl,
    allowPrivate: options.ssoAllowPrivate ?? false,
    logger: options.logger,
    now,
  })
  app.route(
    CONSOLE_PREFIX,
    authRoutes({
      store: options.store,
      sessions,
      throttle,
      cookie,
      devices: deviceCookies(options.store, https),
      audit,
      demoUsers: options.demoUsers ?? [],
      localSignIn: options.localSignIn ?? true,
      ssoName: async () => (await ssoSource.current())?.config.providerName ?? null,
      now,
    }),
  )
  // Mounted whether or not SSO is on now: an admin may turn the page's provider on at any moment (issue 53).
  app.route(
    `${CONSOLE_PREFIX}/sso`,
    ssoRoutes({
      ...options,
      sessions,
      cookie,
      audit,
      source: ssoSource,
      redirectUrl: options.sso?.redirectUrl ?? new URL(SSO_CALLBACK_PATH, options.publicUrl),
      now,
    }),
  )
  app.route(
    CONSOLE_PREFIX,
    ssoSettingsRoutes({
      store: options.store,
      audit,
      source: ssoSource,
      signedIn: signedInPaced,
      publicUrl: options.publicUrl,
      allowPrivate: options.ssoAllowPrivate ?? false,
      now,
    }),
  )
  app.get(`${CONSOLE_PREFIX}/upstream`, signedIn, requirePermission('users:manage'), async (c) => {
    return c.json(await checkUpstream(upstreamBase(options.upstream), options.apiKey))
  })

  app.route(`${CONSOLE_PREFIX}/preferences`, preferencesRoutes(options.store, signedIn))
  app.route(
    `${CONSOLE_PREFIX}/users`,
    userRoutes({
      store: options.store,
      admin: createUserAdmin(options.store, audit),
      audit,
      guard: [signedIn, requirePermission('users:manage')],
      publicUrl: options.publicUrl,
      idleMs: options.session.idleMs,
      mailer: alertDelivery.mailer,
      now,
    }),
  )
  app.route(
    CONSOLE_PREFIX,
    alertDeliveryRoutes({ store: options.store, delivery: alertDelivery, audit, guard: [signedInPaced], now }),
  )
  app.route(
    CONSOLE_PREFIX,
    integrationRoutes({ store: options.store, delivery: integrationDelivery, audit, guard: [signedInPaced], now }),
  )
  // Public: the invited person has no session yet; the link's token is their proof.
  app.route(`${CONSOLE_PREFIX}/set-up`, setUpRoutes({ store: options.store, sessions, cookie, audit, now }))
  app.route(`${CONSOLE_PREFIX}${AUDIT_PATHS.page}`, auditRoutes(options.store, audit, signedInPaced, now))
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
  // The index's state, as the breakdowns and caller-ID health report what it still misses.
  const callIndex = options.callIndex ?? null
  const indexState = () => (callIndex ? callIndex.state() : readIndexState(options.store, null))
  app.route(
    CONSOLE_PREFIX,
    callerIdHealthRoutes({
      store: options.store,
      indexState,
      signedIn: signedInPaced,
    }),
  )
  app.route(CONSOLE_PREFIX, callerIdSuggestionRoutes(options.store, signedInPaced))
  app.route(
    CONSOLE_PREFIX,
    callExportRoutes({
      store: options.store,
      audit,
      signedIn: signedInPaced,
      exportsPerPerson: options.exportsPerPerson ?? 2,
      now,
    }),
  )
  app.route(
    CONSOLE_PREFIX,
    usageBreakdownRoutes({
      store: options.store,
      audit,
      indexState,
      signedIn: signedInPaced,
    }),
  )
  app.route(
    CONSOLE_PREFIX,
    alertRuleRoutes({
      store: options.store,
      audit,
      guard: every(signedInPaced, requirePermission('alerts:manage')),
      onRulesChanged: () => options.alertEvaluator?.notify(),
      now,
    }),
  )
  app.route(
    CONSOLE_PREFIX,
    callbackRoutes({ store: options.store, audit, signedIn: signedInPaced, timeZonesOf: calleeTimeZones, now }),
  )
  if (options.callingHours) {
    const hours = { store: options.store, audit, hours: options.callingHours, timeZonesOf: calleeTimeZones, now }
    app.route(CONSOLE_PREFIX, callingHoursRoutes({ ...hours, signedIn: signedInPaced }))
  }
  const recording = options.recording ?? NO_RECORDING_RULES
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
  // Issue 53, item 6: scorecards, a call's scores, and their summaries on /usage.
  const scoring = { store: options.store, audit, signedIn: signedInPaced, now }
  app.route(`${CONSOLE_PREFIX}${SCORECARDS_PATH}`, scorecardRoutes(scoring))
  app.route(CONSOLE_PREFIX, callScoreRoutes(scoring))
  app.route(CONSOLE_PREFIX, scoreSummaryRoutes(scoring))
  app.route(
    `${CONSOLE_PREFIX}${REPORT_SUBSCRIPTIONS_PATH}`,
    reportSubscriptionRoutes({
      store: options.store,
      audit,
      signedIn: signedInPaced,
      emailConfigured: alertDelivery.emailConfigured,
      now,
    }),
  )
  // Issue 53, item 2: what the service's rate per minute counts, so usage shows money.
  app.route(CONSOLE_PREFIX, rateUnitRoutes({ store: options.store, audit, signedIn: signedInPaced, now }))
  const liveHub =
    options.liveHub !== undefined
      ? options.liveHub
      : createConsoleLiveHub({ ...options, logger: options.logger, live: options.live })
  app.route(
    `${CONSOLE_PREFIX}${LIVE_EVENTS_PATH}`,
    eventsRoutes({
      hub: liveHub,
      signedIn,
      heartbeatMs: options.heartbeatMs,
      sweep: streamSweep,
      stillAllowed: async (c) => {
        const session = await sessions.resolve(cookie.read(c))
        return session !== null && can(session.role, 'calls:read')
      },
    }),
  )

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
  app.route(
    '/',
    spaRoutes(options.distDir, async (c) => {
      const session = await sessions.resolve(cookie.read(c))
      return session ? sessionBody(session) : { user: null, permissions: [] }
    }),
  )
  const fastReads = createFastReads({
    prefix: API_PREFIX,
    hosts,
    sessions,
    cookie,
    limiter,
    readApi: proxy.readApi,
    headers,
    logger: options.logger,
    measured: options.ops?.requestMeasured,
    trustedProxies: options.network?.trustedProxies ?? NO_TRUSTED_PROXIES,
    forwardedHeader: options.network?.forwardedHeader ?? 'x-forwarded-for',
  })
  return { app, fastReads }
}
