// The contract of the console server's own API (sign-in, session, setup): the one
// place the SPA and server/console agree on roles, permissions and these shapes.
// It imports nothing of ours but the other contract module, schemas.ts.
import * as z from 'zod/mini'
// First: it turns zod's eval probe off in the browser before any schema here is built.
import './schemas'

export const CONSOLE_PREFIX = '/api/console'

/** Sent by our own pages with every request; a cross-site form cannot set it. */
export const CSRF_HEADER = 'X-Voice-Console'
export const CSRF_HEADER_VALUE = '1'

/**
 * Sent with a recorded placement to a number in a consent region (CONSOLE_RECORDING_CONSENT_REGIONS) once the agent
 * confirmed the callee agreed to be recorded; the console refuses such a placement without it. Never forwarded: the
 * body and headers the voice service gets stay the spec's.
 */
export const RECORDING_CONSENT_HEADER = 'X-Console-Recording-Consent'
export const RECORDING_CONSENT_CONFIRMED = 'confirmed'

/**
 * The problem `type` of the console's 502 when the voice service refuses the console's API key: no retry helps
 * until an admin changes the key, so the dashboard shows it at once instead of trying again.
 */
export const UPSTREAM_KEY_REFUSED = 'urn:voice-console:upstream-key-refused'

export const ROLES = ['support', 'manager', 'admin'] as const
export const role = z.enum(ROLES)
export type Role = z.infer<typeof role>

/** What a person may do. The server maps roles to these; the SPA only reads them. */
export const PERMISSIONS = [
  'calls:read',
  'calls:create',
  'caller-ids:read',
  'caller-ids:verify',
  'account:read',
  'usage:read',
  'alerts:manage',
  'integrations:manage',
  'users:manage',
  'audit:read',
  'call-lists:read',
  'call-lists:manage',
  // Callbacks (issue 51, item 3): working one's own and everyone's (those who place calls); overseeing all people's.
  'callbacks:work',
  'callbacks:oversee',
  // Issue 51: the outcome and note of a call one placed; of anyone's call; the list of outcomes.
  'calls:work',
  'calls:work-any',
  'outcome-kinds:manage',
  // Issue 52: whether a number is on the do-not-call list (the list's pages too); listing and taking numbers off.
  'do-not-call:read',
  'do-not-call:manage',
  // Issue 52: allowing one call outside the callee's calling hours, with a reason (admins).
  'calling-hours:override',
  // Issue 52: erasing a number, the list of erasures, and subject-access exports (admins).
  'erasures:manage',
  // Issue 53, item 6: keeping the scorecards (admins); scoring calls and seeing everyone's scores (managers, admins).
  'scorecards:manage',
  'calls:score',
  // Issue 53, item 4: usage reports by email to oneself; to anyone (admins).
  'reports:subscribe',
  'reports:manage',
  // Issue 53: stating what the service's rate_per_minute_dc counts (unit and currency), so usage shows money (admins).
  'usage:set-rate-unit',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/**
 * A session's permissions as the browser reads them: strings, not an enum of every permission, which would put the
 * whole list in the script every page loads first (it grows with each feature). Only the console sends them, from
 * the role matrix; the page only asks whether a known one is there (`can`).
 */
const sessionPermissions = z.array(z.string())

// Capped so a megabyte "password" cannot keep the hash function busy.
export const MAX_PASSWORD_LENGTH = 1024

const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  role,
})

/** Times show in the browser's own zone, or in UTC for a team spread over zones. */
const TIME_ZONE_PREFERENCES = ['browser', 'UTC'] as const
const timeZonePreference = z.enum(TIME_ZONE_PREFERENCES)
export type TimeZonePreference = z.infer<typeof timeZonePreference>

/** A person's own settings, kept by the console so they follow the person to any browser. */
export const preferences = z.object({ timeZone: timeZonePreference })
export type Preferences = z.infer<typeof preferences>

export const sessionResponse = z.object({
  user: sessionUser,
  permissions: sessionPermissions,
  preferences,
})
export type SessionResponse = z.infer<typeof sessionResponse>

/** GET /session: 200 either way, so a signed-out page load logs no failed request. */
export const sessionState = z.union([
  sessionResponse,
  z.object({ user: z.null(), permissions: sessionPermissions.check(z.maxLength(0)) }),
])
export type SessionState = z.infer<typeof sessionState>

/** The page where people sign in; the console serves a cold one the light sign-in document (sign-in.html). */
export const SIGN_IN_PAGE = '/sign-in'

/** The SPA's page an invite link opens; the token rides in the fragment (`#token=…`). */
export const SET_UP_PAGE = '/set-up'

/** How long a set-up link works: one source for the server's expiry and the pages' wording. */
export const INVITE_VALID_HOURS = 24
export const INVITE_VALID_MS = INVITE_VALID_HOURS * 60 * 60_000

/** The pages for people not signed in: signing in, and setting up an invited account. Every other one needs a session. */
export const PUBLIC_PAGES: readonly string[] = [SIGN_IN_PAGE, SET_UP_PAGE]

/** The element of index.html that holds the SessionState the page was served with. */
export const SESSION_ELEMENT_ID = 'console-session'

const demoUser = z.object({ email: z.string(), role, password: z.string() })

/** Where the "Sign in with …" link goes (a full page navigation): it redirects to the provider. */
export const SSO_START_PATH = `${CONSOLE_PREFIX}/sso/start`

/**
 * Why an SSO sign-in came back to the sign-in page (`/sign-in?sso_error=…`). The reason in
 * detail stays in the audit trail; the page says one fixed sentence per kind.
 */
export const SSO_ERRORS = ['refused', 'failed', 'expired', 'unavailable', 'cancelled'] as const
export type SsoError = (typeof SSO_ERRORS)[number]

/** What the sign-in page needs to know before anyone signs in. */
export const setupResponse = z.object({
  /** False on a new install: the page says how to add the first admin. */
  hasUsers: z.boolean(),
  /** Only under `npm start`: one-click demo sign-in. Empty in a production start. */
  demoUsers: z.array(demoUser),
  /** False when the console signs people in with SSO only: the page shows no password form. */
  localSignIn: z.boolean(),
  /** The OpenID provider, when one is configured: "Sign in with <name>". */
  sso: z.nullable(z.object({ name: z.string() })),
})
export type SetupResponse = z.infer<typeof setupResponse>

/** Whether the console can use the voice service; admins only, and never the key itself. */
export const upstreamStatus = z.object({
  state: z.enum(['connected', 'no-key', 'key-refused', 'unreachable', 'error']),
  clientId: z.nullable(z.string()),
  message: z.string(),
})
export type UpstreamStatus = z.infer<typeof upstreamStatus>
