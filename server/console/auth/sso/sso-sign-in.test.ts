// SSO end to end against a real OpenID provider (oidc-provider) on loopback: the console
// discovers it, sends the browser there, and checks what comes back. Nothing is mocked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoPerson } from '../../../sso-demo/provider'
import { subjectOf } from '../../../sso-demo/provider'
import { createTestConsole, expectProblem, type TestConsole } from '../../test-support/console-app'
import { signInWithSso, ssoConfigFor, startTestProvider } from '../../test-support/sso-flow'
import { NO_PASSWORD } from '../passwords'

type Provider = Awaited<ReturnType<typeof startTestProvider>>

const auditOf = async (app: TestConsole, action: string) =>
  (
    await app.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action as never)
      .orderBy('seq')
      .execute()
  ).map((row) => ({ ...row, detail: row.detail ? JSON.parse(row.detail) : null }))

const session = async (app: TestConsole, cookie: string) =>
  (await (await app.request('/api/console/session', { cookie })).json()) as {
    user: { email: string; role: string } | null
  }

describe('SSO with a real OpenID provider', () => {
  let provider: Provider
  let people: DemoPerson[]
  let app: TestConsole

  beforeAll(async () => {
    people = [
      { email: 'ada@acme.test', name: 'Ada', groups: ['voice-admins'], password: 'sso-demo-password' },
      { email: 'eve@elsewhere.test', name: 'Eve', groups: ['voice-admins'], password: 'sso-demo-password' },
      { email: 'nog@acme.test', name: 'Nog', groups: ['staff'], password: 'sso-demo-password' },
      {
        email: 'una@acme.test',
        name: 'Una',
        groups: ['voice-admins'],
        password: 'sso-demo-password',
        emailVerified: false,
      },
      { email: 'sid@acme.test', name: 'Sid', groups: ['voice-support'], password: 'sso-demo-password' },
      { email: 'lin@acme.test', name: 'Lin', groups: ['voice-managers'], password: 'sso-demo-password' },
      { email: 'dee@acme.test', name: 'Dee', groups: ['voice-admins'], password: 'sso-demo-password' },
    ]
    provider = await startTestProvider({ people })
    app = await createTestConsole({ sso: ssoConfigFor(provider.url) })
  })
  afterAll(async () => {
    await provider.close()
  })

  it('signs in a person of an allowed domain with the mapped role, creating them once and following their groups after', async () => {
    const first = await signInWithSso(app, { email: 'ada@acme.test', redirect: '/usage?x=1' })
    expect(first.location).toBe('/usage?x=1')
    expect(await session(app, first.consoleCookie)).toMatchObject({ user: { email: 'ada@acme.test', role: 'admin' } })
    const user = await app.store.users.byEmail('ada@acme.test')
    expect(user).toMatchObject({
      role: 'admin',
      sso_issuer: provider.issuer,
      sso_subject: subjectOf('ada@acme.test'),
      password_hash: NO_PASSWORD,
    })
    expect(user?.last_sign_in_at).not.toBeNull()

    // Moved to support at the provider: the next sign-in brings the new role, on the same account.
    const ada = people[0] as DemoPerson
    ada.groups = ['voice-support']
    const second = await signInWithSso(app, { email: 'ada@acme.test' })
    expect(second.location).toBe('/calls')
    expect(await session(app, second.consoleCookie)).toMatchObject({ user: { role: 'support' } })
    expect((await app.store.users.byEmail('ada@acme.test'))?.id).toBe(user?.id)
    expect(await app.store.users.count()).toBe(1)

    const audited = await auditOf(app, 'sso.signed-in')
    expect(audited.map((entry) => [entry.target, entry.actor_role, entry.detail])).toEqual([
      [
        'ada@acme.test',
        'admin',
        { issuer: provider.issuer, subject: subjectOf('ada@acme.test'), created: true, previousRole: null },
      ],
      [
        'ada@acme.test',
        'support',
        { issuer: provider.issuer, subject: subjectOf('ada@acme.test'), created: false, previousRole: 'admin' },
      ],
    ])
    ada.groups = ['voice-admins']
  })

  it('never lets an SSO-only person in with a password, whatever they type', async () => {
    await signInWithSso(app, { email: 'sid@acme.test' })
    for (const password of [NO_PASSWORD, 'sso-demo-password', 'anything at all'])
      await expectProblem(
        await app.request('/api/console/sign-in', { json: { email: 'sid@acme.test', password } }),
        401,
      )
    const failures = await auditOf(app, 'sign-in.failed')
    expect(failures.at(-1)?.detail).toEqual({ reason: 'SSO-only account' })
  })

  it('links an existing local account by its email, and keeps a deactivated one out', async () => {
    const local = await app.addUser('lin@acme.test', 'support')
    const linked = await signInWithSso(app, { email: 'lin@acme.test' })
    expect(await session(app, linked.consoleCookie)).toMatchObject({ user: { role: 'manager' } })
    expect(await app.store.users.byEmail('lin@acme.test')).toMatchObject({
      id: local.id,
      sso_subject: subjectOf('lin@acme.test'),
    })
    // Local sign-in is on here, and Lin had a password: it still works.
    expect(
      (
        await app.request('/api/console/sign-in', {
          json: { email: 'lin@acme.test', password: 'correct horse battery' },
        })
      ).status,
    ).toBe(200)

    const dee = await app.addUser('dee@acme.test', 'support')
    await app.store.users.setActive(dee.id, false)
    expect((await signInWithSso(app, { email: 'dee@acme.test' })).location).toBe('/sign-in?sso_error=refused')
    expect((await auditOf(app, 'sso.refused')).at(-1)?.detail).toMatchObject({
      refused: 'account-deactivated',
      reason: 'account deactivated',
    })
    expect(await app.store.users.byEmail('dee@acme.test')).toMatchObject({ role: 'support', sso_subject: null })
  })

  it('refuses a person from another domain, a person with no mapped group, and an unverified email, creating nobody', async () => {
    const before = await app.store.users.count()
    for (const [email, reason, refusal] of [
      ['eve@elsewhere.test', 'domain not allowed', 'another-domain'],
      ['nog@acme.test', 'no role', 'no-role'],
      ['una@acme.test', 'email not verified', 'email-not-verified'],
    ]) {
      const result = await signInWithSso(app, { email: email as string })
      expect(result.location).toBe('/sign-in?sso_error=refused')
      expect(result.consoleCookie).not.toMatch(/vd_session=/)
      expect(await app.store.users.byEmail(email as string)).toBeUndefined()
      const refused = (await auditOf(app, 'sso.refused')).at(-1)
      expect(refused).toMatchObject({ target: email, actor_user_id: null })
      expect(refused?.detail).toMatchObject({
        // What happened to the person, for the Audit log: the entry's outcome is the redirect's 302.
        refused: refusal,
        reason,
        issuer: provider.issuer,
        subject: subjectOf(email as string),
      })
      expect(refused?.outcome).toBe(302)
    }
    expect(await app.store.users.count()).toBe(before)
  })

  it('refuses a tampered state, a nonce or PKCE challenge changed on the way out, a replayed callback, and a callback in another browser', async () => {
    const before = await app.store.users.count()
    const refusedWith = async (
      attempt: Parameters<typeof signInWithSso>[1],
      kind: string,
      reason: RegExp,
      refusal: string,
    ) => {
      const result = await signInWithSso(app, attempt)
      expect(result.location).toBe(`/sign-in?sso_error=${kind}`)
      expect(result.consoleCookie).not.toMatch(/vd_session=/)
      const { detail } = (await auditOf(app, 'sso.refused')).at(-1) ?? {}
      expect(detail?.reason).toMatch(reason)
      expect(detail?.refused).toBe(refusal)
      return result
    }
    await refusedWith(
      { email: 'sid@acme.test', editCallbackUrl: (url) => url.searchParams.set('state', 'forged') },
      'failed',
      /state/,
      'state-mismatch',
    )
    await refusedWith(
      { email: 'sid@acme.test', editAuthorizationUrl: (url) => url.searchParams.set('nonce', 'attacker-nonce') },
      'failed',
      /nonce/,
      'token-rejected',
    )
    await refusedWith(
      {
        email: 'sid@acme.test',
        editAuthorizationUrl: (url) => url.searchParams.set('code_challenge', 'A'.repeat(43)),
      },
      'failed',
      /invalid_grant|PKCE|code_verifier/i,
      'token-rejected',
    )
    await refusedWith({ email: 'sid@acme.test', cancel: true }, 'cancelled', /access_denied/, 'cancelled')

    // The same callback twice: the attempt is read once.
    const done = await signInWithSso(app, { email: 'sid@acme.test' })
    expect(done.location).toBe('/calls')
    const again = await app.request(`${done.callbackUrl.pathname}${done.callbackUrl.search}`, {
      cookie: done.consoleCookie,
    })
    expect(again.headers.get('location')).toBe('/sign-in?sso_error=expired')
    expect((await auditOf(app, 'sso.refused')).at(-1)?.detail?.refused).toBe('expired')
    // No login cookie at all: a callback that this browser never started.
    const stranger = await app.request(`${done.callbackUrl.pathname}${done.callbackUrl.search}`)
    expect(stranger.headers.get('location')).toBe('/sign-in?sso_error=expired')
    expect(await app.store.users.count()).toBe(before)
  })

  it('keeps the return path on this console: another site is never followed', async () => {
    for (const redirect of ['https://evil.example/calls', '//evil.example', '/\\evil.example'])
      expect((await signInWithSso(app, { email: 'sid@acme.test', redirect })).location).toBe('/calls')
  })
})

describe('SSO refuses ID tokens it must not trust', () => {
  it('refuses an expired ID token (the console’s clock two hours past the provider’s)', async () => {
    const provider = await startTestProvider()
    try {
      const later = () => Date.now() + 2 * 60 * 60_000
      const app = await createTestConsole({ sso: ssoConfigFor(provider.url), now: later })
      const result = await signInWithSso(app, { email: 'ada@acme.test' })
      expect(result.location).toBe('/sign-in?sso_error=failed')
      expect((await auditOf(app, 'sso.refused')).at(-1)?.detail).toMatchObject({
        reason: expect.stringMatching(/exp|timestamp/i),
        refused: 'token-rejected',
      })
      expect(await app.store.users.count()).toBe(0)
    } finally {
      await provider.close()
    }
  })

  it('refuses an answer from another issuer than the one configured', async () => {
    // A provider that signs as another issuer while its discovery document claims the configured one.
    const provider = await startTestProvider({
      issuer: 'http://127.0.0.1:1/another-issuer',
      advertisedIssuer: 'pending',
    })
    await provider.close()
    const port = Number(new URL(provider.url).port)
    const liar = await startTestProvider({
      port,
      issuer: 'http://127.0.0.1:1/another-issuer',
      advertisedIssuer: provider.url,
    })
    try {
      const app = await createTestConsole({ sso: ssoConfigFor(liar.url) })
      const result = await signInWithSso(app, { email: 'ada@acme.test' })
      expect(result.location).toBe('/sign-in?sso_error=failed')
      expect((await auditOf(app, 'sso.refused')).at(-1)?.detail?.reason).toMatch(/iss/)
      expect(await app.store.users.count()).toBe(0)
    } finally {
      await liar.close()
    }
  })

  it('refuses an ID token whose signature does not match the provider’s published key', async () => {
    const first = await startTestProvider()
    const port = Number(new URL(first.url).port)
    const app = await createTestConsole({ sso: ssoConfigFor(first.url) })
    // A first sign-in: the console now holds the provider's key "demo".
    expect((await signInWithSso(app, { email: 'ada@acme.test' })).location).toBe('/calls')
    await first.close()
    // Same issuer, same key id, other key material: the signature cannot verify.
    const impostor = await startTestProvider({ port })
    try {
      const result = await signInWithSso(app, { email: 'sam@acme.test' })
      expect(result.location).toBe('/sign-in?sso_error=failed')
      expect((await auditOf(app, 'sso.refused')).at(-1)?.detail?.reason).toMatch(/signature/i)
      expect(await app.store.users.byEmail('sam@acme.test')).toBeUndefined()
    } finally {
      await impostor.close()
    }
  })

  it('says the provider is unavailable when it cannot be reached, and logs no secret', async () => {
    const gone = await startTestProvider()
    await gone.close()
    const app = await createTestConsole({ sso: ssoConfigFor(gone.url) })
    const res = await app.request('/api/console/sso/start')
    expect(res.headers.get('location')).toBe('/sign-in?sso_error=unavailable')
    expect(app.lines.join('\n')).not.toContain('sso-demo-secret')
  })
})
