// The console server's settings, from the environment, validated in one place.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { CONSOLE_PREFIX, ROLES, type Role } from '../../src/api/contract/console-schemas'
import {
  DEFAULT_RECORDING_IDLE_MS,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  MAX_UPSTREAM_TIMEOUT_MS,
} from '../../src/api/contract/time-limits'
import { parseDomains, parseRoleMap, type SsoPolicy } from './auth/sso/sso-policy'
import {
  type CallingHours,
  DEFAULT_CALLING_HOURS,
  parseCallingWindow,
  parseWindowsByCountry,
} from './calling-hours/calling-window'
import { isFromAddress } from './email/from-address'
import type { MailSettings } from './email/mailer'
import type { ForwardedHeader } from './http/client-address'
import { DEFAULT_EXPORTS_PER_INSTANCE } from './http/export-turns'
import { knowSecret } from './http/known-secrets'
import { parseTrustedProxies, type TrustedProxies } from './http/trusted-proxies'
import { DEFAULT_DRAIN, type DrainTimes } from './ops/drain'
import { parseStorageOrigins, type StorageOriginsSetting } from './proxy/storage-origins'
import { parseConsentRegions, type RecordingSettings } from './recording-consent/consent-regions'
import type { RetentionWindows } from './retention/retention-windows'
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from './store/query-limits'

/** Git-ignored, like the simulator's database. */
export const DEFAULT_CONSOLE_DB = '.data/console.sqlite'

const minutes = (value: number) => value * 60_000
// A day at least (a shorter window would prune the calls of the day under way); 100 years at most.
const retentionDays = z.coerce
  .number()
  .int({ error: 'must be a whole number of days' })
  .min(1, { error: 'must be at least 1 (a day); unset it to keep without limit' })
  .max(36_500)
  .optional()
const optionalUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(4173),
  HOST: z.string().min(1).default('127.0.0.1'),
  CONSOLE_PUBLIC_URL: optionalUrl,
  CONSOLE_DB: z.string().min(1).default(DEFAULT_CONSOLE_DB),
  // Selects PostgreSQL for the store (several instances share it); CONSOLE_DB's SQLite file is then unused.
  CONSOLE_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/./i, { error: 'must be a postgres:// (or postgresql://) URL' })
    .optional(),
  CONSOLE_SESSION_IDLE_MINUTES: z.coerce.number().positive().max(10_080).default(60),
  CONSOLE_SESSION_MAX_HOURS: z.coerce.number().positive().max(720).default(12),
  CONSOLE_USER_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  CONSOLE_QUERY_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  CONSOLE_EXPORTS_PER_PERSON: z.coerce.number().int().min(1).max(100).default(2),
  CONSOLE_EXPORTS_PER_INSTANCE: z.coerce.number().int().min(1).max(1000).default(DEFAULT_EXPORTS_PER_INSTANCE),
  CONSOLE_QUERY_WORKERS: z.coerce.number().int().min(1).max(32).default(DEFAULT_QUERY_LIMITS.workers),
  CONSOLE_QUERY_BUDGET_MS: z.coerce.number().int().min(10).max(600_000).default(DEFAULT_QUERY_LIMITS.budgetMs),
  CONSOLE_QUERY_QUEUE: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_QUERY_LIMITS.maxQueued),
  CONSOLE_LOG: z.enum(['json', 'off']).default('json'),
  CONSOLE_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  CONSOLE_AUDIT_HEAD_CHANNEL: z.string().trim().min(1).max(200).optional(),
  // Issue 52: how long the console keeps its own records, and serves recordings (retention/). Unset: no limit.
  CONSOLE_RETENTION_CALLS_DAYS: retentionDays,
  CONSOLE_RETENTION_NOTES_DAYS: retentionDays,
  CONSOLE_RETENTION_RECORDINGS_DAYS: retentionDays,
  // At most a few seconds under the browser's own wait (src/api/contract/time-limits.ts): the person reads this 504.
  CONSOLE_UPSTREAM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(MAX_UPSTREAM_TIMEOUT_MS, {
      error: `must be at most ${MAX_UPSTREAM_TIMEOUT_MS} (the browser waits 3 s longer)`,
    })
    .default(DEFAULT_UPSTREAM_TIMEOUT_MS),
  CONSOLE_RECORDING_IDLE_MS: z.coerce.number().int().min(1_000).max(600_000).default(DEFAULT_RECORDING_IDLE_MS),
  CONSOLE_UPSTREAM_RPS: z.coerce.number().int().min(1).max(1_000).default(10),
  CONSOLE_INDEX_RPS: z.coerce.number().int().min(1).max(1_000).default(5),
  CONSOLE_LIVE_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  CONSOLE_LIVE: z.enum(['on', 'off']).default('on'),
  // The live streams served at once, every person's tabs together (the hub's default, 800, when not set); a
  // benchmark raises it. Each stream holds one of the server's connections (server.maxConnections, 1,000).
  CONSOLE_LIVE_MAX_STREAMS: z.coerce.number().int().min(1).max(10_000).optional(),
  CONSOLE_LIVE_STREAMS_PER_PERSON: z.coerce.number().int().min(1).max(10_000).default(4),
  CONSOLE_LIVE_WATCHED_PER_PERSON: z.coerce.number().int().min(1).max(5_000).default(40),
  // The hub shared by several instances through the store (live/cluster-hub.ts); on with PostgreSQL unless told.
  CONSOLE_LIVE_CLUSTER: z.enum(['on', 'off']).optional(),
  // Issue 54: across instances on PostgreSQL, its notices (LISTEN/NOTIFY) say when to read the live tables; off
  // behind a pooler that cannot hold a LISTEN (PgBouncer's transaction mode). The tables are read on a timer anyway.
  CONSOLE_LIVE_NOTICES: z.enum(['on', 'off']).default('on'),
  CONSOLE_LIVE_SAFETY_NET_MS: z.coerce.number().int().min(250).max(600_000).default(15_000),
  CONSOLE_INDEX: z.enum(['on', 'off']).default('on'),
  // Alert rules are checked this often, and besides soon after the call index sees calls end (alerts/rules/).
  CONSOLE_ALERT_EVALUATE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  CONSOLE_ALERTS: z.enum(['on', 'off']).default('on'),
  // Issue 51: a person's next call waits until their previous one has an outcome (calls/work/outcome-required.ts).
  CONSOLE_REQUIRE_OUTCOME: z.enum(['on', 'off']).default('off'),
  // Issue 52: placements only within these hours at the callee's location (calling-hours/).
  CONSOLE_CALLING_HOURS: z.string().default(DEFAULT_CALLING_HOURS),
  CONSOLE_CALLING_HOURS_BY_COUNTRY: z.string().optional(),
  // Issue 52: the reminder before a recorded call (on: it costs nothing), and where consent is confirmed first.
  CONSOLE_RECORDING_NOTICE: z.enum(['on', 'off']).default('on'),
  CONSOLE_RECORDING_CONSENT_REGIONS: z.string().optional(),
  VOICE_API_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('http://127.0.0.1:8787'),
  VOICE_API_KEY: z.string().optional(),
  VOICE_API_KEY_FILE: z.string().optional(),
  VOICE_STORAGE_URL: optionalUrl,
  VOICE_STORAGE_UPSTREAM: optionalUrl,
  CONSOLE_STORAGE_ORIGINS: z.string().default('auto'),
  CONSOLE_STORAGE_ALLOW_PRIVATE: z.enum(['on', 'off']).default('off'),
  DASHBOARD_DIST: z.string().optional(),
  CONSOLE_LOCAL_SIGN_IN: z.enum(['on', 'off']).default('on'),
  CONSOLE_OIDC_ISSUER: optionalUrl,
  CONSOLE_OIDC_CLIENT_ID: z.string().optional(),
  CONSOLE_OIDC_CLIENT_SECRET: z.string().optional(),
  CONSOLE_OIDC_CLIENT_SECRET_FILE: z.string().optional(),
  CONSOLE_OIDC_REDIRECT_URL: optionalUrl,
  CONSOLE_OIDC_PROVIDER_NAME: z.string().trim().min(1).max(60).default('SSO'),
  CONSOLE_OIDC_ALLOWED_DOMAINS: z.string().optional(),
  CONSOLE_OIDC_ROLE_CLAIM: z.string().trim().min(1).default('groups'),
  CONSOLE_OIDC_SCOPES: z
    .string()
    .trim()
    .regex(/(^| )openid( |$)/, { error: 'must include openid' })
    .default('openid email profile'),
  CONSOLE_OIDC_ROLE_MAP: z.string().default(''),
  CONSOLE_OIDC_DEFAULT_ROLE: z.enum([...ROLES, 'none']).default('none'),
  CONSOLE_TRUSTED_PROXIES: z.string().default(''),
  CONSOLE_FORWARDED_HEADER: z.enum(['x-forwarded-for', 'forwarded']).default('x-forwarded-for'),
  // At most the request timeout (60 s): Node refuses a header timeout longer than it.
  CONSOLE_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(60_000).default(10_000),
  // Longer than the idle timeout of whatever sits in front (nginx's keepalive_timeout 2 s, deploy/nginx/; a cloud
  // load balancer's is often 60 s), or it may write a request on a connection as the console closes it.
  CONSOLE_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(5_000),
  // An office behind one NAT address is hundreds of people, each with a live stream and a few kept-alive sockets:
  // 100 refused a 200-person office. 1,000 is the server's whole cap (server.ts); lower it facing the open internet.
  CONSOLE_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000).default(1_000),
  // Alert channels (alerts/delivery/): email over SMTP, and webhooks to private addresses only when allowed.
  CONSOLE_SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be smtp://user:pass@host:port or smtps://…' })
    .optional(),
  CONSOLE_ALERT_EMAIL_FROM: z.string().trim().min(3).max(200).optional(),
  CONSOLE_WEBHOOK_ALLOW_PRIVATE: z.enum(['on', 'off']).default('off'),
  // Operations (ops/): /metrics only with this bearer token; the drain's two waits on SIGTERM.
  CONSOLE_METRICS_TOKEN: z.string().trim().min(16, { error: 'must be at least 16 characters' }).optional(),
  CONSOLE_METRICS_TOKEN_FILE: z.string().optional(),
  CONSOLE_DRAIN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_DRAIN.graceMs),
  CONSOLE_DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(DEFAULT_DRAIN.timeoutMs),
  // Issue 53, item 4: how often each instance looks for report periods that ended (reports/report-sender.ts).
  CONSOLE_REPORTS_TICK_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  // Issue 53: an OpenID provider an admin types on the page, at a private address only when allowed (as webhooks).
  CONSOLE_OIDC_ALLOW_PRIVATE: z.enum(['on', 'off']).default('off'),
})

type Env = z.infer<typeof envSchema>

/** Every setting's name: what a misspelt one is compared with (config-warnings.ts), and what the reference lists. */
export const CONSOLE_SETTINGS = Object.keys(envSchema.shape) as (keyof Env)[]

/** The one path the provider sends people back to. */
export const SSO_CALLBACK_PATH = `${CONSOLE_PREFIX}/sso/callback`

export interface SsoConfig extends SsoPolicy {
  issuer: URL
  clientId: string
  clientSecret: string
  /** Where the provider sends people back; null: `<public URL>/api/console/sso/callback`. */
  redirectUrl: URL | null
  /** Shown on the button: "Sign in with <providerName>". */
  providerName: string
  /** Asked of the provider, space-separated; Okta, for one, sends groups only for a `groups` scope. */
  scopes: string
}

export interface LiveSettings {
  pollMs: number
  upstreamRps: number
  /** The most live streams at once (CONSOLE_LIVE_MAX_STREAMS); the hub's own default when not set. */
  maxStreams?: number
  /** Live streams one person may hold at once (CONSOLE_LIVE_STREAMS_PER_PERSON); a browser holds one. */
  streamsPerPerson?: number
  /** Call ids one person may watch live, over all their streams (CONSOLE_LIVE_WATCHED_PER_PERSON). */
  watchedPerPerson?: number
  /** Off: no hub, no upstream requests of its own; the pages poll (CONSOLE_LIVE=off). */
  enabled?: boolean
  /**
   * One hub for several instances on one store: the lease holder polls, every instance tails the events in
   * the store (CONSOLE_LIVE_CLUSTER; on with CONSOLE_DATABASE_URL unless set, off with SQLite).
   */
  cluster?: boolean
  /** Across instances on PostgreSQL: read the live tables when its notices say so (CONSOLE_LIVE_NOTICES). */
  notices?: boolean
  /** While notices are heard, the live tables are read this often anyway (CONSOLE_LIVE_SAFETY_NET_MS). */
  safetyNetMs?: number
}

export interface ConsoleConfig {
  port: number
  host: string
  /** The address people use; its host (and loopback names, when allowed) are the only ones served. */
  publicUrl: URL
  allowLoopbackHosts: boolean
  /** Where the store lives: CONSOLE_DATABASE_URL's PostgreSQL, or else CONSOLE_DB's SQLite file. */
  dbPath: string
  session: { idleMs: number; absoluteMs: number }
  userRateLimitPerMinute: number
  /** Per person: requests a minute to the console's own searches, exports, audit, views and placed-by. */
  queryRateLimitPerMinute: number
  /** Per person: CSV exports (calls, audit trail) streaming at once. */
  exportsPerPerson: number
  /** Everyone's CSV exports one instance streams at once. */
  exportsPerInstance: number
  /** The store's readers for heavy queries: how many, each query's time budget, how many may wait. */
  queries: QueryLimits
  log: 'json' | 'off'
  /** Audit entries older than this are pruned daily, behind a checkpoint that keeps the chain verifiable. */
  auditRetentionDays: number
  /** How long the console keeps its call index, notes and outcomes, and serves recordings (retention/). */
  retention: RetentionWindows
  /** The alert channel (its id or name) the audit head goes to at start, daily and at shutdown; null: none. */
  auditHeadChannel: string | null
  upstream: string
  apiKey: string | null
  storageUpstream?: string
  storageUrl?: string
  /** The voice service's whole answer to an API operation must come within this, or the browser gets a 504. */
  upstreamTimeoutMs: number
  /** A recording download ends once no chunk has come for this long. */
  recordingIdleMs: number
  /** Where /storage-proxy may fetch recordings from, besides the voice API's and the storage settings' origins. */
  storageOrigins: StorageOriginsSetting
  /** The status hub: how often a live call is polled, and the most upstream requests it sends a second. */
  live: LiveSettings
  /** The call index's sync: the most upstream requests it sends a second (its own budget, apart from the hub's). */
  callIndex: { upstreamRps: number; enabled: boolean }
  /** The alert evaluator: its schedule (CONSOLE_ALERT_EVALUATE_MS), and off with CONSOLE_ALERTS=off. */
  alerts: { evaluateMs: number; enabled: boolean }
  distDir: string
  /** `npm start` only: the three demo users, offered on the sign-in page. */
  demoUsers: boolean
  /** Email and password sign-in; off leaves SSO as the only way in. */
  localSignIn: boolean
  /** CONSOLE_REQUIRE_OUTCOME: a person's next call is refused until their previous one has an outcome. */
  requireOutcome: boolean
  /** CONSOLE_CALLING_HOURS and CONSOLE_CALLING_HOURS_BY_COUNTRY: when a callee may be called, their local time. */
  callingHours: CallingHours
  /** CONSOLE_RECORDING_NOTICE and CONSOLE_RECORDING_CONSENT_REGIONS: the reminder, and where consent is confirmed. */
  recording: RecordingSettings
  /** Null when no OpenID provider is configured. */
  sso: SsoConfig | null
  network: NetworkConfig
  /** Email (null without CONSOLE_SMTP_URL) and the SSRF guard's exception for private receivers. */
  alertChannels: AlertChannelSettings
  /** /metrics's bearer token (null: /metrics is off), and the waits of a drain on SIGTERM. */
  ops: { metricsToken: string | null; drain: DrainTimes }
  /** Usage reports by email: how often each instance queues the periods that ended (CONSOLE_REPORTS_TICK_MS). */
  reports: { tickMs: number }
  /** CONSOLE_OIDC_ALLOW_PRIVATE: a provider set from the page may be at a private or loopback address. */
  ssoAllowPrivate: boolean
}

export interface AlertChannelSettings {
  smtp: MailSettings | null
  allowPrivate: boolean
}

/** Who the client is behind a reverse proxy, and what one client may hold open. */
export interface NetworkConfig {
  trustedProxies: TrustedProxies
  forwardedHeader: ForwardedHeader
  headersTimeoutMs: number
  /** How long an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number
  /** Sockets from one address at once; a trusted proxy's own sockets are not capped. */
  maxConnectionsPerAddress: number
}

export function loadConsoleConfig(env: Record<string, string | undefined> = process.env): ConsoleConfig {
  // An empty setting is a mistake to name, not a default to fall back to (PORT= would listen on 4173).
  const empty = CONSOLE_SETTINGS.filter((name) => env[name] === '')
  if (empty.length > 0) invalid(empty.map((name) => `${name}: set but empty (give it a value, or unset it)`))
  const raw = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined))
  const parsed = envSchema.safeParse(raw)
  if (!parsed.success) invalid(parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`))
  const e = parsed.data
  const publicUrl = new URL(e.CONSOLE_PUBLIC_URL ?? `http://localhost:${e.PORT}`)
  const sso = readSsoConfig(e, publicUrl)
  if (e.CONSOLE_LOCAL_SIGN_IN === 'off' && !sso)
    invalid(['CONSOLE_LOCAL_SIGN_IN: off needs SSO (CONSOLE_OIDC_ISSUER and the rest), or nobody could sign in'])
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    // Without a public URL the console is a local install: its loopback names are its names.
    allowLoopbackHosts: !e.CONSOLE_PUBLIC_URL,
    dbPath: e.CONSOLE_DATABASE_URL ?? e.CONSOLE_DB,
    session: { idleMs: minutes(e.CONSOLE_SESSION_IDLE_MINUTES), absoluteMs: minutes(e.CONSOLE_SESSION_MAX_HOURS * 60) },
    userRateLimitPerMinute: e.CONSOLE_USER_RATE_LIMIT,
    queryRateLimitPerMinute: e.CONSOLE_QUERY_RATE_LIMIT,
    exportsPerPerson: e.CONSOLE_EXPORTS_PER_PERSON,
    exportsPerInstance: e.CONSOLE_EXPORTS_PER_INSTANCE,
    queries: {
      workers: e.CONSOLE_QUERY_WORKERS,
      budgetMs: e.CONSOLE_QUERY_BUDGET_MS,
      maxQueued: e.CONSOLE_QUERY_QUEUE,
    },
    log: e.CONSOLE_LOG,
    auditRetentionDays: e.CONSOLE_AUDIT_RETENTION_DAYS,
    auditHeadChannel: e.CONSOLE_AUDIT_HEAD_CHANNEL ?? null,
    retention: readRetention(e),
    upstream: e.VOICE_API_BASE_URL,
    apiKey: readSecret('VOICE_API_KEY_FILE', e.VOICE_API_KEY, e.VOICE_API_KEY_FILE),
    storageUpstream: e.VOICE_STORAGE_UPSTREAM,
    storageUrl: e.VOICE_STORAGE_URL,
    upstreamTimeoutMs: e.CONSOLE_UPSTREAM_TIMEOUT_MS,
    recordingIdleMs: e.CONSOLE_RECORDING_IDLE_MS,
    storageOrigins: {
      ...readStorageOrigins(e.CONSOLE_STORAGE_ORIGINS),
      learnPrivate: e.CONSOLE_STORAGE_ALLOW_PRIVATE === 'on',
    },
    live: {
      pollMs: e.CONSOLE_LIVE_POLL_MS,
      upstreamRps: e.CONSOLE_UPSTREAM_RPS,
      enabled: e.CONSOLE_LIVE === 'on',
      maxStreams: e.CONSOLE_LIVE_MAX_STREAMS,
      streamsPerPerson: e.CONSOLE_LIVE_STREAMS_PER_PERSON,
      watchedPerPerson: e.CONSOLE_LIVE_WATCHED_PER_PERSON,
      cluster: (e.CONSOLE_LIVE_CLUSTER ?? (e.CONSOLE_DATABASE_URL ? 'on' : 'off')) === 'on',
      notices: e.CONSOLE_LIVE_NOTICES === 'on',
      safetyNetMs: e.CONSOLE_LIVE_SAFETY_NET_MS,
    },
    callIndex: { upstreamRps: e.CONSOLE_INDEX_RPS, enabled: e.CONSOLE_INDEX === 'on' },
    alerts: { evaluateMs: e.CONSOLE_ALERT_EVALUATE_MS, enabled: e.CONSOLE_ALERTS === 'on' },
    distDir: e.DASHBOARD_DIST ?? fileURLToPath(new URL('../../dist', import.meta.url)),
    demoUsers: false,
    localSignIn: e.CONSOLE_LOCAL_SIGN_IN === 'on',
    requireOutcome: e.CONSOLE_REQUIRE_OUTCOME === 'on',
    callingHours: readCallingHours(e),
    recording: readRecording(e),
    sso,
    network: {
      trustedProxies: readTrustedProxies(e.CONSOLE_TRUSTED_PROXIES),
      forwardedHeader: e.CONSOLE_FORWARDED_HEADER,
      headersTimeoutMs: e.CONSOLE_HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.CONSOLE_KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerAddress: e.CONSOLE_MAX_CONNECTIONS_PER_ADDRESS,
    },
    alertChannels: readAlertChannels(e),
    ops: {
      metricsToken: readMetricsToken(e),
      drain: { graceMs: e.CONSOLE_DRAIN_GRACE_MS, timeoutMs: e.CONSOLE_DRAIN_TIMEOUT_MS },
    },
    reports: { tickMs: e.CONSOLE_REPORTS_TICK_MS },
    ssoAllowPrivate: e.CONSOLE_OIDC_ALLOW_PRIVATE === 'on',
  }
}

function readMetricsToken(e: Env): string | null {
  const token = readSecret('CONSOLE_METRICS_TOKEN_FILE', e.CONSOLE_METRICS_TOKEN, e.CONSOLE_METRICS_TOKEN_FILE)
  // The file's token is held to the same length as the setting's: a short one could be guessed.
  if (token !== null && token.length < 16)
    invalid(['CONSOLE_METRICS_TOKEN_FILE: the token must be at least 16 characters'])
  return token
}

function readAlertChannels(e: Env): AlertChannelSettings {
  const allowPrivate = e.CONSOLE_WEBHOOK_ALLOW_PRIVATE === 'on'
  if (!e.CONSOLE_SMTP_URL) return { smtp: null, allowPrivate }
  const password = new URL(e.CONSOLE_SMTP_URL).password
  knowSecret(password && decodeURIComponent(password))
  if (!e.CONSOLE_ALERT_EMAIL_FROM)
    invalid(['CONSOLE_ALERT_EMAIL_FROM: required with CONSOLE_SMTP_URL (the From of alert and invite emails)'])
  if (!isFromAddress(e.CONSOLE_ALERT_EMAIL_FROM))
    invalid([
      'CONSOLE_ALERT_EMAIL_FROM: not an email address; write alerts@example.com or Voice Console <alerts@example.com>',
    ])
  return { smtp: { smtpUrl: e.CONSOLE_SMTP_URL, from: e.CONSOLE_ALERT_EMAIL_FROM }, allowPrivate }
}

function readRetention(e: Env): RetentionWindows {
  const windows = {
    callsDays: e.CONSOLE_RETENTION_CALLS_DAYS ?? null,
    notesDays: e.CONSOLE_RETENTION_NOTES_DAYS ?? null,
    recordingsDays: e.CONSOLE_RETENTION_RECORDINGS_DAYS ?? null,
  }
  const { callsDays, recordingsDays } = windows
  if (recordingsDays === null) return windows
  // A recording is dated by its call's index row: a pruned row would leave an old recording undated.
  if (callsDays !== null && recordingsDays > callsDays)
    invalid([
      `CONSOLE_RETENTION_RECORDINGS_DAYS: ${recordingsDays} is longer than CONSOLE_RETENTION_CALLS_DAYS (${callsDays}); the console dates a recording by its call in the index, so keep the calls at least as long`,
    ])
  if (e.CONSOLE_INDEX === 'off')
    invalid([
      'CONSOLE_RETENTION_RECORDINGS_DAYS: needs the call index (CONSOLE_INDEX=on), which tells when each call was placed',
    ])
  return windows
}

function readCallingHours(e: Env): CallingHours {
  const problems: string[] = []
  const window = parseOr(problems, 'CONSOLE_CALLING_HOURS', () => parseCallingWindow(e.CONSOLE_CALLING_HOURS))
  const byCountry = parseOr(problems, 'CONSOLE_CALLING_HOURS_BY_COUNTRY', () =>
    parseWindowsByCountry(e.CONSOLE_CALLING_HOURS_BY_COUNTRY ?? ''),
  )
  if (!window || !byCountry) invalid(problems)
  return { window, byCountry }
}

function readRecording(e: Env): RecordingSettings {
  const problems: string[] = []
  const consentRegions = parseOr(problems, 'CONSOLE_RECORDING_CONSENT_REGIONS', () =>
    parseConsentRegions(e.CONSOLE_RECORDING_CONSENT_REGIONS ?? ''),
  )
  if (!consentRegions) invalid(problems)
  return { notice: e.CONSOLE_RECORDING_NOTICE === 'on', consentRegions }
}

function readTrustedProxies(text: string): TrustedProxies {
  try {
    return parseTrustedProxies(text)
  } catch (error) {
    invalid([`CONSOLE_TRUSTED_PROXIES: ${(error as Error).message}`])
  }
}

function readStorageOrigins(text: string): StorageOriginsSetting {
  try {
    return parseStorageOrigins(text)
  } catch (error) {
    invalid([`CONSOLE_STORAGE_ORIGINS: ${(error as Error).message}`])
  }
}

function invalid(lines: string[]): never {
  throw new Error(`Invalid console configuration:\n${lines.join('\n')}`)
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Every problem at once, so a first setup takes one restart, not five. */
function readSsoConfig(e: Env, publicUrl: URL): SsoConfig | null {
  if (!e.CONSOLE_OIDC_ISSUER && !e.CONSOLE_OIDC_CLIENT_ID) return null
  const problems: string[] = []
  const issuer = e.CONSOLE_OIDC_ISSUER ? new URL(e.CONSOLE_OIDC_ISSUER) : null
  if (!issuer) problems.push('CONSOLE_OIDC_ISSUER: required when CONSOLE_OIDC_CLIENT_ID is set')
  // Plain http only on this machine: a provider elsewhere must be reached over TLS.
  else if (issuer.protocol !== 'https:' && !LOOPBACK.has(issuer.hostname))
    problems.push('CONSOLE_OIDC_ISSUER: must be https (http only on localhost or 127.0.0.1)')
  if (!e.CONSOLE_OIDC_CLIENT_ID) problems.push('CONSOLE_OIDC_CLIENT_ID: required when CONSOLE_OIDC_ISSUER is set')
  const clientSecret = readSecret(
    'CONSOLE_OIDC_CLIENT_SECRET_FILE',
    e.CONSOLE_OIDC_CLIENT_SECRET,
    e.CONSOLE_OIDC_CLIENT_SECRET_FILE,
  )
  if (!clientSecret) problems.push('CONSOLE_OIDC_CLIENT_SECRET: required (or CONSOLE_OIDC_CLIENT_SECRET_FILE)')
  const redirectUrl = e.CONSOLE_OIDC_REDIRECT_URL ? new URL(e.CONSOLE_OIDC_REDIRECT_URL) : null
  if (redirectUrl && (redirectUrl.origin !== publicUrl.origin || redirectUrl.pathname !== SSO_CALLBACK_PATH))
    problems.push(
      `CONSOLE_OIDC_REDIRECT_URL: must be ${publicUrl.origin}${SSO_CALLBACK_PATH} (the console’s own callback)`,
    )
  const allowedDomains = parseOr(problems, 'CONSOLE_OIDC_ALLOWED_DOMAINS', () =>
    parseDomains(e.CONSOLE_OIDC_ALLOWED_DOMAINS ?? ''),
  )
  if (allowedDomains?.length === 0)
    problems.push('CONSOLE_OIDC_ALLOWED_DOMAINS: required, e.g. acme.com (only these emails may sign in with SSO)')
  const roleMap = parseOr(problems, 'CONSOLE_OIDC_ROLE_MAP', () => parseRoleMap(e.CONSOLE_OIDC_ROLE_MAP))
  const defaultRole: Role | null = e.CONSOLE_OIDC_DEFAULT_ROLE === 'none' ? null : e.CONSOLE_OIDC_DEFAULT_ROLE
  if (roleMap?.size === 0 && !defaultRole)
    problems.push('CONSOLE_OIDC_ROLE_MAP: empty with CONSOLE_OIDC_DEFAULT_ROLE=none, so nobody could sign in with SSO')
  if (problems.length > 0 || !issuer || !clientSecret || !allowedDomains || !roleMap) invalid(problems)
  return {
    issuer,
    clientId: e.CONSOLE_OIDC_CLIENT_ID ?? '',
    clientSecret,
    redirectUrl,
    providerName: e.CONSOLE_OIDC_PROVIDER_NAME,
    scopes: e.CONSOLE_OIDC_SCOPES,
    allowedDomains,
    roleClaim: e.CONSOLE_OIDC_ROLE_CLAIM,
    roleMap,
    defaultRole,
  }
}

function parseOr<T>(problems: string[], name: string, parse: () => T): T | null {
  try {
    return parse()
  } catch (error) {
    problems.push(`${name}: ${(error as Error).message}`)
    return null
  }
}

/** A `*_FILE` setting suits container secrets; the file's trailing newline is not part of the secret. */
function readSecret(fileSetting: string, value: string | undefined, file: string | undefined): string | null {
  const secret = readSecretValue(fileSetting, value, file)
  // Every secret setting is read here: the relays redact what is known (http/known-secrets.ts).
  knowSecret(secret)
  return secret
}

function readSecretValue(fileSetting: string, value: string | undefined, file: string | undefined): string | null {
  // Neither may win quietly: a key rotated by its file would keep the old one.
  if (value !== undefined && file !== undefined)
    invalid([`${fileSetting.replace(/_FILE$/, '')} and ${fileSetting}: both set; keep one`])
  if (value?.trim()) return value.trim()
  if (!file) return null
  try {
    return readFileSync(file, 'utf8').trim() || null
  } catch (error) {
    throw new Error(`${fileSetting} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`)
  }
}
