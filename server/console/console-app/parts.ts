// The parts of the console that the middleware and the routes share: sessions and their cookie, the paces, the
// audit log, the deliveries, the voice proxy and its storage origins, the live hub and the streams' sweep. Made once
// per app, from the store and the options (the process's own parts when its owner gave them).
import type { Context, MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import { createAlertDelivery } from '../alerts/delivery/delivery'
import { createAuditLog } from '../audit/audit-log'
import { createRefusalTally } from '../audit/refusal-tally'
import { actorOf } from '../audit/request-facts'
import { requireSession } from '../auth/require-session'
import { sessionCookie } from '../auth/session-cookie'
import { createSessionService } from '../auth/sessions'
import { createSignInThrottle, DEFAULT_THROTTLE } from '../auth/sign-in-throttle'
import { createSsoSource } from '../auth/sso/sso-source'
import { readIndexState } from '../calls/index/read-index-state'
import { SEARCHES_RUNNING_PER_PERSON } from '../calls/index/search-limits'
import { createExportTurns, DEFAULT_EXPORTS_PER_INSTANCE } from '../http/export-turns'
import { createFairTurns } from '../http/fair-turns'
import { allowedHosts } from '../http/host-check'
import { securityHeaders } from '../http/security-headers'
import { createUserRateLimiter, pacedPerPerson } from '../http/user-rate-limit'
import { createIntegrationDelivery } from '../integrations/integration-delivery'
import { createConsoleLiveHub } from '../live/console-live-hub'
import { createStreamSweep } from '../live/stream-sweep'
import { createStorageOrigins } from '../proxy/storage-origins'
import { createVoiceProxy } from '../proxy/voice-proxy'
import { NO_RECORDING_RULES } from '../recording-consent/consent-regions'
import { DEFAULT_QUERY_LIMITS } from '../store/query-limits'
import { readCallWork } from '../work-composition'
import type { ConsoleAppOptions } from './options'

export type ConsoleParts = ReturnType<typeof consoleParts>

export function consoleParts(options: ConsoleAppOptions) {
  const now = options.now ?? Date.now
  const hosts = allowedHosts(options.publicUrl, options.allowLoopbackHosts)
  const origins = new Set([...hosts].map((host) => `${options.publicUrl.protocol}//${host}`))
  const https = options.publicUrl.protocol === 'https:'
  const cookie = sessionCookie(https)
  const sessions = createSessionService(options.store, options.session, now, {
    onWriteFailed: (error, count) =>
      options.logger.error({ msg: 'could not write sessions’ last-seen times', sessions: count, error: String(error) }),
  })
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
  const refusals =
    options.refusals ??
    createRefusalTally(audit, now, (error) =>
      options.logger.error({ msg: 'could not audit refusals', error: String(error) }),
    )
  const ssoSource = createSsoSource({
    env: options.sso ?? null,
    store: options.store,
    publicUrl: options.publicUrl,
    allowPrivate: options.ssoAllowPrivate ?? false,
    logger: options.logger,
    now,
  })
  // The index's state, as the breakdowns and caller-ID health report what it still misses.
  const callIndex = options.callIndex ?? null
  const indexState = () => (callIndex ? callIndex.state() : readIndexState(options.store, null))
  const recording = options.recording ?? NO_RECORDING_RULES
  const liveHub =
    options.liveHub !== undefined
      ? options.liveHub
      : createConsoleLiveHub({ ...options, logger: options.logger, live: options.live })
  // One for every CSV export of the instance (the calls', the audit trail's): a person's exports count together.
  const exportTurns = createExportTurns({
    store: options.store,
    perPerson: options.exportsPerPerson ?? 2,
    perInstance: options.exportsPerInstance ?? DEFAULT_EXPORTS_PER_INSTANCE,
    now,
  })

  return {
    now,
    hosts,
    origins,
    https,
    cookie,
    sessions,
    throttle,
    storageOrigins,
    proxy,
    limiter,
    headers,
    signedIn,
    queryPace,
    signedInPaced,
    signedInWorkPaced,
    searchTurns,
    audit,
    alertDelivery,
    integrationDelivery,
    actorOfCookie,
    streamSweep,
    endsStreams,
    refusals,
    ssoSource,
    indexState,
    recording,
    liveHub,
    exportTurns,
  }
}
