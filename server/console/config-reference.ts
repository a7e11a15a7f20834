// The configuration reference (docs/configuration.md), written from config.ts's own schema: each setting's
// default and choices come from it, and its meaning from the notes here, which the type holds to the schema's
// names (a new setting without a note does not compile). `npm run config-reference` writes the file; a test
// fails when the committed one differs.
import type { z } from 'zod'
import { CONSOLE_SETTINGS, envSchema } from './config'

type Setting = keyof z.input<typeof envSchema>

interface Note {
  /** Its group in the reference. */
  group: 'Serving' | 'Store' | 'Voice API' | 'Sign-in' | 'Limits' | 'Live, index and alerts' | 'Operations'
  meaning: string
}

const NOTES: Record<Setting, Note> = {
  PORT: { group: 'Serving', meaning: 'The port the console listens on.' },
  HOST: { group: 'Serving', meaning: 'The address it listens on; 0.0.0.0 for every interface.' },
  CONSOLE_PUBLIC_URL: {
    group: 'Serving',
    meaning:
      'The address people use (https://console.example.com); only its host is served. Unset: a local install on http://localhost:PORT.',
  },
  DASHBOARD_DIST: {
    group: 'Serving',
    meaning:
      'The dashboard’s build (npm run build). Unset: dist/ beside the code. Without its index.html, /readyz answers 503.',
  },
  CONSOLE_TRUSTED_PROXIES: {
    group: 'Serving',
    meaning: 'Addresses or CIDRs of reverse proxies whose forwarded header names the client, comma-separated.',
  },
  CONSOLE_FORWARDED_HEADER: { group: 'Serving', meaning: 'Which header the trusted proxies name the client in.' },
  CONSOLE_HEADERS_TIMEOUT_MS: { group: 'Serving', meaning: 'How long a client may take to send its headers.' },
  CONSOLE_KEEP_ALIVE_TIMEOUT_MS: {
    group: 'Serving',
    meaning:
      'How long an idle kept-alive connection stays open (1,000 to 600,000). Longer than the idle timeout of a load balancer in front.',
  },
  CONSOLE_MAX_CONNECTIONS_PER_ADDRESS: {
    group: 'Serving',
    meaning: 'Sockets one client address may hold at once (a trusted proxy’s are not capped).',
  },
  CONSOLE_DB: {
    group: 'Store',
    meaning:
      'The SQLite file (one instance). The production start (npm run serve) needs it or CONSOLE_DATABASE_URL; the default is the demo’s (npm start).',
  },
  CONSOLE_DATABASE_URL: {
    group: 'Store',
    meaning:
      'postgres://user:password@host/database: PostgreSQL (13 or newer, byte-order collation) for several instances; CONSOLE_DB is then unused.',
  },
  CONSOLE_QUERY_WORKERS: { group: 'Store', meaning: 'Readers for the heavy queries (searches, exports, usage).' },
  CONSOLE_QUERY_BUDGET_MS: { group: 'Store', meaning: 'The time one heavy query may take before a 503.' },
  CONSOLE_QUERY_QUEUE: { group: 'Store', meaning: 'Heavy queries that may wait for a reader before a 503.' },
  CONSOLE_AUDIT_RETENTION_DAYS: {
    group: 'Store',
    meaning:
      'Audit entries older than this are pruned daily, behind a checkpoint that keeps the chain verifiable. The audit trail’s own window: CONSOLE_RETENTION_* leave it alone.',
  },
  CONSOLE_AUDIT_HEAD_CHANNEL: {
    group: 'Store',
    meaning:
      'An alert channel (its id or its name, as the Alerts page shows it) that receives the audit trail’s head (SEQ:HASH) at each instance’s start and shutdown and daily (from one instance of several), so a copy lives outside the database and the log (docs/audit-trail.md). Unset: none.',
  },
  CONSOLE_RETENTION_CALLS_DAYS: {
    group: 'Store',
    meaning:
      'Days the call index keeps a call (by when it was placed), with its metadata and its record of who placed it; pruned daily by one instance, in batches. Unset: kept without limit. The voice service keeps its own copy (docs/compliance.md).',
  },
  CONSOLE_RETENTION_NOTES_DAYS: {
    group: 'Store',
    meaning:
      'Days a call’s note (with every version) and its outcome are kept after they last changed; pruned daily as above. Unset: kept without limit.',
  },
  CONSOLE_RETENTION_RECORDINGS_DAYS: {
    group: 'Store',
    meaning:
      'Days after a call was placed that the console serves its recordings; older ones are answered 410 with a sentence. At most CONSOLE_RETENTION_CALLS_DAYS, and needs the call index. Unset: served without limit. The service still holds them.',
  },
  VOICE_API_BASE_URL: { group: 'Voice API', meaning: 'The voice service’s API.' },
  VOICE_API_KEY: {
    group: 'Voice API',
    meaning: 'The API key, held by the server only. Set this or VOICE_API_KEY_FILE, not both.',
  },
  VOICE_API_KEY_FILE: { group: 'Voice API', meaning: 'A file holding the API key (container secrets).' },
  VOICE_STORAGE_URL: { group: 'Voice API', meaning: 'Where recordings are stored, when not on the API’s origin.' },
  VOICE_STORAGE_UPSTREAM: { group: 'Voice API', meaning: 'The storage proxy’s upstream for recordings.' },
  CONSOLE_STORAGE_ORIGINS: {
    group: 'Voice API',
    meaning: 'Origins /storage-proxy may fetch recordings from: auto (those the service names), or a list.',
  },
  CONSOLE_STORAGE_ALLOW_PRIVATE: { group: 'Voice API', meaning: 'Allow recording origins at private addresses.' },
  CONSOLE_UPSTREAM_TIMEOUT_MS: {
    group: 'Voice API',
    meaning: 'The voice service’s whole answer must come within this, or the browser gets a 504.',
  },
  CONSOLE_RECORDING_IDLE_MS: { group: 'Voice API', meaning: 'A recording download ends after this long without data.' },
  CONSOLE_UPSTREAM_RPS: { group: 'Voice API', meaning: 'Requests a second the live status hub may send.' },
  CONSOLE_INDEX_RPS: { group: 'Voice API', meaning: 'Requests a second the call index’s sync may send.' },
  CONSOLE_LOCAL_SIGN_IN: { group: 'Sign-in', meaning: 'Email and password sign-in; off leaves SSO as the only way.' },
  CONSOLE_SESSION_IDLE_MINUTES: { group: 'Sign-in', meaning: 'A session ends after this long without a request.' },
  CONSOLE_SESSION_MAX_HOURS: { group: 'Sign-in', meaning: 'A session ends this long after sign-in, whatever.' },
  CONSOLE_OIDC_ISSUER: { group: 'Sign-in', meaning: 'The OpenID Connect provider (https); sets up SSO.' },
  CONSOLE_OIDC_CLIENT_ID: { group: 'Sign-in', meaning: 'The console’s client id at the provider.' },
  CONSOLE_OIDC_CLIENT_SECRET: { group: 'Sign-in', meaning: 'Its client secret (or CONSOLE_OIDC_CLIENT_SECRET_FILE).' },
  CONSOLE_OIDC_CLIENT_SECRET_FILE: { group: 'Sign-in', meaning: 'A file holding the client secret.' },
  CONSOLE_OIDC_REDIRECT_URL: {
    group: 'Sign-in',
    meaning: 'The callback registered at the provider; must be the public URL’s /api/console/sso/callback.',
  },
  CONSOLE_OIDC_PROVIDER_NAME: { group: 'Sign-in', meaning: 'Shown on the button: “Sign in with …”.' },
  CONSOLE_OIDC_ALLOWED_DOMAINS: { group: 'Sign-in', meaning: 'Email domains that may sign in with SSO (required).' },
  CONSOLE_OIDC_ROLE_CLAIM: { group: 'Sign-in', meaning: 'The claim that carries the person’s groups.' },
  CONSOLE_OIDC_SCOPES: { group: 'Sign-in', meaning: 'Scopes asked of the provider (must include openid).' },
  CONSOLE_OIDC_ROLE_MAP: {
    group: 'Sign-in',
    meaning: 'group=role pairs, comma-separated: which group gets which role.',
  },
  CONSOLE_OIDC_DEFAULT_ROLE: {
    group: 'Sign-in',
    meaning: 'The role of a person in no mapped group; none refuses them.',
  },
  CONSOLE_USER_RATE_LIMIT: { group: 'Limits', meaning: 'Requests a minute one person may send.' },
  CONSOLE_QUERY_RATE_LIMIT: {
    group: 'Limits',
    meaning: 'Requests a minute one person may send to searches, exports, audit, views and placed-by.',
  },
  CONSOLE_EXPORTS_PER_PERSON: {
    group: 'Limits',
    meaning:
      'CSV exports (calls, audit trail) one person may stream at once; as many more wait up to 30 s for one to end.',
  },
  CONSOLE_EXPORTS_PER_INSTANCE: {
    group: 'Limits',
    meaning:
      'CSV exports one instance streams at once, everyone’s together (each holds its selection’s ids, about 8 bytes a call); more wait up to 30 s, then 503.',
  },
  CONSOLE_LIVE: { group: 'Live, index and alerts', meaning: 'The live status hub; off: the pages poll.' },
  CONSOLE_LIVE_POLL_MS: { group: 'Live, index and alerts', meaning: 'How often a live call is polled upstream.' },
  CONSOLE_LIVE_MAX_STREAMS: {
    group: 'Live, index and alerts',
    meaning: 'Live streams served at once, everyone’s together. Unset: 800.',
  },
  CONSOLE_LIVE_STREAMS_PER_PERSON: { group: 'Live, index and alerts', meaning: 'Live streams one person may hold.' },
  CONSOLE_LIVE_WATCHED_PER_PERSON: {
    group: 'Live, index and alerts',
    meaning: 'Calls one person may watch live, over all their streams.',
  },
  CONSOLE_LIVE_CLUSTER: {
    group: 'Live, index and alerts',
    meaning: 'One hub for several instances through the store. Unset: on with PostgreSQL, off with SQLite.',
  },
  CONSOLE_LIVE_NOTICES: {
    group: 'Live, index and alerts',
    meaning:
      'Across instances on PostgreSQL: live events reach the other instances by its notices (LISTEN/NOTIFY, one connection per instance). Off: behind a pooler that cannot hold a LISTEN (PgBouncer in transaction mode); the tables are then read every 250 ms.',
  },
  CONSOLE_LIVE_SAFETY_NET_MS: {
    group: 'Live, index and alerts',
    meaning:
      'While its notices are heard, how often each instance reads the live tables anyway, for a fault nobody foresaw. While its notice connection is lost (until it is back, 100 ms to 5 s later) it reads them every 250 ms instead, and at once when it listens again. An instance with nobody watching reads nothing for its own streams.',
  },
  CONSOLE_INDEX: { group: 'Live, index and alerts', meaning: 'The call index (search, usage breakdowns).' },
  CONSOLE_ALERTS: { group: 'Live, index and alerts', meaning: 'The alert rules’ evaluation.' },
  CONSOLE_REQUIRE_OUTCOME: {
    group: 'Live, index and alerts',
    meaning: 'A person’s next call is refused (409) until their previous call has an outcome.',
  },
  CONSOLE_CALLING_HOURS: {
    group: 'Live, index and alerts',
    meaning:
      'HH:MM-HH:MM: when a callee may be called, their local time (from their number’s time zones; a number spanning several must be inside in every one). Outside it a placement is refused (403) unless an admin allowed that one call.',
  },
  CONSOLE_CALLING_HOURS_BY_COUNTRY: {
    group: 'Live, index and alerts',
    meaning:
      'Windows for some countries instead of CONSOLE_CALLING_HOURS, comma-separated: US=08:00-21:00,DE=09:00-20:00. Unset: that window everywhere.',
  },
  CONSOLE_RECORDING_NOTICE: {
    group: 'Live, index and alerts',
    meaning:
      'Before a recorded call, New call and the call lists remind the agent: "Tell the callee the call is recorded". Enforces nothing.',
  },
  CONSOLE_RECORDING_CONSENT_REGIONS: {
    group: 'Live, index and alerts',
    meaning:
      'Countries (ISO 3166 codes, comma-separated: DE,FR) where the agent confirms the callee agreed to be recorded before a recorded call; without it the placement is refused (403). Countries only: a number does not tell its state. Unset: asked nowhere.',
  },
  CONSOLE_ALERT_EVALUATE_MS: { group: 'Live, index and alerts', meaning: 'How often alert rules are checked.' },
  CONSOLE_SMTP_URL: {
    group: 'Live, index and alerts',
    meaning: 'smtp(s)://user:pass@host:port: email for alert channels and invites.',
  },
  CONSOLE_ALERT_EMAIL_FROM: {
    group: 'Live, index and alerts',
    meaning: 'The From of those emails: alerts@example.com or Name <alerts@example.com>. Required with SMTP.',
  },
  CONSOLE_WEBHOOK_ALLOW_PRIVATE: {
    group: 'Live, index and alerts',
    meaning: 'Allow webhook receivers at private addresses.',
  },
  CONSOLE_LOG: { group: 'Operations', meaning: 'The request log on standard output: JSON lines, or off.' },
  CONSOLE_METRICS_TOKEN: {
    group: 'Operations',
    meaning: 'The bearer token of /metrics (16 characters or more). Unset: /metrics is off.',
  },
  CONSOLE_METRICS_TOKEN_FILE: { group: 'Operations', meaning: 'A file holding the metrics token.' },
  CONSOLE_DRAIN_GRACE_MS: {
    group: 'Operations',
    meaning: 'On SIGTERM, /readyz fails this long before the listener closes.',
  },
  CONSOLE_DRAIN_TIMEOUT_MS: { group: 'Operations', meaning: 'Then requests under way get this long to finish.' },
  CONSOLE_REPORTS_TICK_MS: {
    group: 'Live, index and alerts',
    meaning: 'How often each instance looks for usage report periods that ended (docs/scheduled-reports.md).',
  },
  CONSOLE_OIDC_ALLOW_PRIVATE: {
    group: 'Sign-in',
    meaning:
      'Allow an OpenID provider set from the page (Users → Single sign-on) at a private or loopback address. The environment’s CONSOLE_OIDC_ISSUER is not checked.',
  },
}

interface FieldDef {
  type: string
  defaultValue?: unknown
  innerType?: { _zod: { def: FieldDef } }
  entries?: Record<string, string>
}

const defOf = (name: Setting) => (envSchema.shape[name] as unknown as { _zod: { def: FieldDef } })._zod.def

/** The default as it would be written in the environment, or `unset`. */
function defaultOf(def: FieldDef): string {
  if (def.type !== 'default') return 'unset'
  return def.defaultValue === '' ? '(empty)' : `\`${String(def.defaultValue)}\``
}

function choicesOf(def: FieldDef): string {
  const inner = def.innerType?._zod.def
  const entries = def.entries ?? inner?.entries
  return entries ? ` One of: ${Object.values(entries).join(', ')}.` : ''
}

const tableCell = (text: string) => text.replaceAll('|', '\\|')

/** docs/configuration.md, from the schema (config.ts) and the notes above. */
export function configurationReference(): string {
  const groups = [...new Set(Object.values(NOTES).map((note) => note.group))]
  const lines = [
    '# Configuration reference',
    '',
    '<!-- Written by `npm run config-reference` from server/console/config.ts and config-reference.ts: edit those. -->',
    '',
    'The console reads its settings from the environment. A setting given empty is an error (unset it for its',
    'default); a `CONSOLE_*` or `VOICE_*` variable that is no setting is a warning naming the closest one; a secret',
    'and its `_FILE` may not both be set. The start line names the store, the address, the voice API and the release.',
  ]
  for (const group of groups) {
    lines.push('', `## ${group}`, '', '| Setting | Default | Meaning |', '|---|---|---|')
    for (const name of CONSOLE_SETTINGS.filter((setting) => NOTES[setting].group === group)) {
      const def = defOf(name)
      lines.push(`| \`${name}\` | ${defaultOf(def)} | ${tableCell(NOTES[name].meaning + choicesOf(def))} |`)
    }
  }
  return `${lines.join('\n')}\n`
}
