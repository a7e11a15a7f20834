// What createConsole (app.ts) is given: the store, the settings, and the process's long-lived parts when its owner
// made them (server.ts); a test gives what it needs and the rest is made here.
import type { Hono, MiddlewareHandler } from 'hono'
import type { SetupResponse } from '../../../src/api/contract/console-schemas'
import type { AlertDelivery } from '../alerts/delivery/delivery'
import type { AlertEvaluator } from '../alerts/rules/evaluator'
import type { AuditLog } from '../audit/audit-log'
import type { RefusalTally } from '../audit/refusal-tally'
import type { SessionPolicy } from '../auth/sessions'
import type { ThrottlePolicy } from '../auth/sign-in-throttle'
import type { CallingHours } from '../calling-hours/calling-window'
import type { CallIndexSync } from '../calls/index/call-index-sync'
import type { WorkSavedListener } from '../calls/work/work-saved'
import type { AlertChannelSettings, LiveSettings, NetworkConfig, SsoConfig } from '../config'
import type { FairTurns } from '../http/fair-turns'
import type { Logger } from '../http/request-log'
import type { IntegrationDelivery } from '../integrations/integration-delivery'
import type { LiveHub } from '../live/live-hub'
import type { StorageOriginsSetting } from '../proxy/storage-origins'
import type { RecordingSettings } from '../recording-consent/consent-regions'
import type { RetentionWindows } from '../retention/retention-windows'
import type { ConsoleStore } from '../store'
import type { QueryLimits } from '../store/query-limits'

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
  /** Everyone's CSV exports this instance streams at once (CONSOLE_EXPORTS_PER_INSTANCE; 8 unless given). */
  exportsPerInstance?: number
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
