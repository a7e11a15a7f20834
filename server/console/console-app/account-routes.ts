// The routes of people and their sign-in: sign-in and sessions, single sign-on and its settings, the voice
// service's check for admins, preferences, the Users page, and an invited person's set-up.
import type { Hono } from 'hono'
import { CONSOLE_PREFIX } from '../../../src/api/contract/console-schemas'
import { deviceCookies } from '../auth/device-cookie'
import { preferencesRoutes } from '../auth/preferences-routes'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { authRoutes } from '../auth/routes'
import { ssoRoutes } from '../auth/sso/sso-routes'
import { ssoSettingsRoutes } from '../auth/sso/sso-settings-routes'
import { SSO_CALLBACK_PATH } from '../config'
import { checkUpstream } from '../proxy/upstream-status'
import { upstreamBase } from '../proxy/voice-proxy'
import { userRoutes } from '../users/routes'
import { setUpRoutes } from '../users/set-up-routes'
import { createUserAdmin } from '../users/user-admin'
import type { ConsoleAppOptions } from './options'
import type { ConsoleParts } from './parts'

export function mountAccountRoutes(app: Hono<SessionEnv>, options: ConsoleAppOptions, parts: ConsoleParts) {
  const { now, https, cookie, sessions, throttle, audit, ssoSource, signedIn, signedInPaced, alertDelivery } = parts
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
  // Public: the invited person has no session yet; the link's token is their proof.
  app.route(`${CONSOLE_PREFIX}/set-up`, setUpRoutes({ store: options.store, sessions, cookie, audit, now }))
}
