// Single sign-on set from the page (issue 53, item 7), against the real demo OpenID provider on loopback: only admins
// may read or change it, the client secret goes in once and never comes out, the environment wins, two instances on
// one store agree, and a person signs in through the provider the page set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../../../shared/test-support/eventually'
import { SSO_DEMO_CLIENT_ID, SSO_DEMO_CLIENT_SECRET } from '../../../sso-demo/demo-setup'
import { createTestConsole, expectProblem, type TestConsole } from '../../test-support/console-app'
import { signInWithSso, ssoConfigFor, startTestProvider } from '../../test-support/sso-flow'
import { openTestStore } from '../../test-support/test-store'

type Provider = Awaited<ReturnType<typeof startTestProvider>>

const PAGE_SECRET = SSO_DEMO_CLIENT_SECRET
const PATH = '/api/console/sso-settings'

const settingsFor = (issuer: string, changes: Record<string, unknown> = {}) => ({
  enabled: true,
  issuer,
  clientId: SSO_DEMO_CLIENT_ID,
  clientSecret: PAGE_SECRET,
  providerName: 'Acme Login',
  allowedDomains: ['acme.test'],
  roleClaim: 'groups',
  roleMap: [
    { value: 'voice-admins', role: 'admin' },
    { value: 'voice-support', role: 'support' },
  ],
  defaultRole: null,
  ...changes,
})

const auditRows = async (app: TestConsole) =>
  app.store.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', 'in', ['sso.settings-changed', 'sso.secret-replaced', 'sso.refused'])
    .orderBy('seq')
    .execute()

describe('single sign-on set from the page', () => {
  let provider: Provider
  let app: TestConsole
  let admin: string

  beforeAll(async () => {
    provider = await startTestProvider()
    app = await createTestConsole({ ssoAllowPrivate: true })
    await app.addUser('root@acme.test', 'admin')
    admin = await app.signIn('root@acme.test')
  })
  afterAll(async () => {
    await provider.close()
  })

  it('is for admins only: 403 problem+json for a manager and support, 401 signed out', async () => {
    await app.addUser('mia@acme.test', 'manager')
    await app.addUser('sue@acme.test', 'support')
    for (const email of ['mia@acme.test', 'sue@acme.test']) {
      const cookie = await app.signIn(email)
      await expectProblem(await app.request(PATH, { cookie }), 403)
      await expectProblem(await app.request(PATH, { cookie, method: 'PUT', json: settingsFor(provider.url) }), 403)
      await expectProblem(
        await app.request(`${PATH}/test`, { cookie, json: { issuer: provider.url, clientId: 'x' } }),
        403,
      )
    }
    await expectProblem(await app.request(PATH), 401)
    expect(await app.store.ssoSettings.read()).toBeUndefined()
  })

  it('answers off with the defaults before anything is set, and names the callback to register', async () => {
    expect(await (await app.request(PATH, { cookie: admin })).json()).toMatchObject({
      source: 'page',
      enabled: false,
      clientSecret: 'not set',
      roleClaim: 'groups',
      callbackUrl: 'http://localhost:4173/api/console/sso/callback',
    })
    expect(await (await app.request('/api/console/setup')).json()).toMatchObject({ sso: null })
  })

  it('refuses what could not sign anyone in, naming each field', async () => {
    const refused = async (body: unknown) => {
      const res = await app.request(PATH, { cookie: admin, method: 'PUT', json: body })
      const problem = (await expectProblem(res, 400)) as unknown as { errors: { field: string }[] }
      return problem.errors.map((error) => error.field)
    }
    expect(
      await refused(
        settingsFor('', { clientId: '', clientSecret: undefined, allowedDomains: [], roleMap: [], defaultRole: null }),
      ),
    ).toEqual(['issuer', 'clientId', 'clientSecret', 'allowedDomains', 'roleMap'])
    expect(await refused(settingsFor('http://login.example.com'))).toEqual(['issuer'])
    expect(await refused(settingsFor('ftp://login.example.com'))).toEqual(['issuer'])
    expect(await refused(settingsFor(provider.url, { allowedDomains: ['not a domain'] }))).toEqual(['allowedDomains'])
    expect(
      await refused(
        settingsFor(provider.url, {
          roleMap: [
            { value: 'staff', role: 'admin' },
            { value: 'staff', role: 'support' },
          ],
        }),
      ),
    ).toEqual(['roleMap.1.value'])
    expect(await refused(settingsFor(provider.url, { roleMap: [{ value: 'staff', role: 'owner' }] }))).toEqual([
      'roleMap.0.role',
    ])
    expect(await app.store.ssoSettings.read()).toBeUndefined()
  })

  it('tests a provider without saving: what worked, and what failed, in words', async () => {
    const test = async (body: unknown) =>
      (await (await app.request(`${PATH}/test`, { cookie: admin, json: body })).json()) as {
        ok: boolean
        steps: { step: string; outcome: string; message: string }[]
      }
    const good = await test({ issuer: provider.url, clientId: SSO_DEMO_CLIENT_ID, clientSecret: PAGE_SECRET })
    expect(good.steps.map((step) => [step.step, step.outcome])).toEqual([
      ['address', 'passed'],
      ['discovery', 'passed'],
      ['keys', 'passed'],
      // The demo provider authenticates the client, then says it may not use client credentials.
      ['client', 'unknown'],
    ])
    expect(good.ok).toBe(true)
    const wrong = await test({ issuer: provider.url, clientId: SSO_DEMO_CLIENT_ID, clientSecret: 'not-the-secret' })
    expect(wrong.ok).toBe(false)
    expect(wrong.steps.at(-1)).toMatchObject({ step: 'client', outcome: 'failed' })
    expect(wrong.steps.at(-1)?.message).toContain('refused the client id and secret')
    const notIssuer = await test({ issuer: `${provider.url}/elsewhere`, clientId: SSO_DEMO_CLIENT_ID })
    expect(notIssuer.steps[1]).toMatchObject({ step: 'discovery', outcome: 'failed' })
    expect(notIssuer.steps[1]?.message).toMatch(/^Not an OpenID issuer: .* answered HTTP 404/)
    const plain = await test({ issuer: 'http://login.example.com', clientId: 'x' })
    expect(plain.steps[0]?.message).toBe('The issuer must use https (plain http only for a provider on this machine).')
    expect(await app.store.ssoSettings.read()).toBeUndefined()
  })

  it('refuses a provider on this machine unless CONSOLE_OIDC_ALLOW_PRIVATE allows it, when tested and when saved', async () => {
    const guarded = await createTestConsole({ store: app.store })
    const test = (await (
      await guarded.request(`${PATH}/test`, { cookie: admin, json: { issuer: provider.url, clientId: 'x' } })
    ).json()) as { steps: { outcome: string; message: string }[] }
    expect(test.steps[0]).toMatchObject({ outcome: 'failed' })
    expect(test.steps[0]?.message).toContain('127.0.0.1 is a loopback address (this machine)')
    expect(test.steps[0]?.message).toContain('CONSOLE_OIDC_ALLOW_PRIVATE=on')
    const saved = await expectProblem(
      await guarded.request(PATH, { cookie: admin, method: 'PUT', json: settingsFor(provider.url) }),
      400,
    )
    expect(saved.detail).toContain('loopback address')
  })

  it('saves, turns on, audits the fields changed, and never answers, logs or audits the secret', async () => {
    const res = await app.request(PATH, { cookie: admin, method: 'PUT', json: settingsFor(provider.url) })
    expect(res.status).toBe(200)
    const answer = await res.json()
    expect(answer).toMatchObject({ source: 'page', enabled: true, clientSecret: 'set', updatedBy: 'root@acme.test' })
    expect(JSON.stringify(answer)).not.toContain(PAGE_SECRET)
    const got = await (await app.request(PATH, { cookie: admin })).text()
    expect(got).not.toContain(PAGE_SECRET)
    expect(await (await app.request('/api/console/setup')).json()).toMatchObject({ sso: { name: 'Acme Login' } })

    // The row keeps it sealed; the key that seals it is the console's own.
    const row = await app.store.ssoSettings.read()
    expect(row?.client_secret_sealed).toMatch(/^v1\./)
    expect(JSON.stringify(row)).not.toContain(PAGE_SECRET)

    // Renamed, without the secret: kept as it was, and only the name is audited as changed.
    const renamed = await app.request(PATH, {
      cookie: admin,
      method: 'PUT',
      json: settingsFor(provider.url, { clientSecret: undefined, providerName: 'Acme SSO' }),
    })
    expect(await renamed.json()).toMatchObject({ clientSecret: 'set', providerName: 'Acme SSO' })
    expect((await app.store.ssoSettings.read())?.client_secret_sealed).toBe(row?.client_secret_sealed)

    const audited = await auditRows(app)
    expect(audited.map((entry) => [entry.action, JSON.parse(entry.detail ?? 'null')])).toEqual([
      [
        'sso.settings-changed',
        {
          changed: ['enabled', 'issuer', 'clientId', 'providerName', 'allowedDomains', 'roleMap'],
          enabled: true,
          issuer: provider.url,
          clientId: SSO_DEMO_CLIENT_ID,
        },
      ],
      ['sso.secret-replaced', { hadOne: false }],
      [
        'sso.settings-changed',
        { changed: ['providerName'], enabled: true, issuer: provider.url, clientId: SSO_DEMO_CLIENT_ID },
      ],
    ])
    const everything = [
      JSON.stringify(await app.store.db.selectFrom('audit_log').selectAll().execute()),
      JSON.stringify(await app.store.db.selectFrom('audit_personal_values').selectAll().execute()),
      app.lines.join('\n'),
    ]
    for (const text of everything) expect(text).not.toContain(PAGE_SECRET)
  })

  it('signs a person in through the provider the page set, with the role its groups map to', async () => {
    const result = await signInWithSso(app, { email: 'ada@acme.test', redirect: '/usage' })
    expect(result.location).toBe('/usage')
    const session = await (await app.request('/api/console/session', { cookie: result.consoleCookie })).json()
    expect(session).toMatchObject({ user: { email: 'ada@acme.test', role: 'admin' } })
    const refused = await signInWithSso(app, { email: 'eve@elsewhere.test' })
    expect(refused.location).toBe('/sign-in?sso_error=refused')
  })

  it('turned off, offers no provider and sends a started sign-in back', async () => {
    await app.request(PATH, {
      cookie: admin,
      method: 'PUT',
      json: settingsFor(provider.url, { clientSecret: undefined, enabled: false, providerName: 'Acme SSO' }),
    })
    expect(await (await app.request('/api/console/setup')).json()).toMatchObject({ sso: null })
    const start = await app.request('/api/console/sso/start')
    expect(start.status).toBe(302)
    expect(start.headers.get('location')).toBe('/sign-in?sso_error=unavailable')
    const refusal = (await auditRows(app)).filter((entry) => entry.action === 'sso.refused').at(-1)
    expect(JSON.parse(refusal?.detail ?? 'null')).toEqual({
      refused: 'provider-unavailable',
      reason: 'single sign-on is off',
    })
    const changes = (await auditRows(app)).filter((entry) => entry.action === 'sso.settings-changed')
    expect(JSON.parse(changes.at(-1)?.detail ?? 'null').changed).toEqual(['enabled'])
  })

  it('is seen by a second instance on the same store: at once for a sign-in, within seconds on the sign-in page', async () => {
    const other = await createTestConsole({ store: app.store, ssoAllowPrivate: true })
    await app.request(PATH, { cookie: admin, method: 'PUT', json: settingsFor(provider.url, { enabled: false }) })
    expect(await (await other.request('/api/console/setup')).json()).toMatchObject({ sso: null })
    const on = await app.request(PATH, {
      cookie: admin,
      method: 'PUT',
      json: settingsFor(provider.url, { providerName: 'Acme Okta' }),
    })
    expect(on.status).toBe(200)
    const start = await other.request('/api/console/sso/start')
    expect(new URL(start.headers.get('location') ?? '').origin).toBe(new URL(provider.url).origin)
    await eventually(async () =>
      expect(await (await other.request('/api/console/setup')).json()).toMatchObject({ sso: { name: 'Acme Okta' } }),
    )
    const signedIn = await signInWithSso(other, { email: 'sam@acme.test' })
    expect(signedIn.location).toBe('/calls')
  })
})

describe('single sign-on set by the environment', () => {
  it('shows the environment’s settings, the secret only as set, and refuses a change with 409', async () => {
    const store = await openTestStore()
    const app = await createTestConsole({ store, sso: ssoConfigFor('http://127.0.0.1:9') })
    await app.addUser('root@acme.test', 'admin')
    const admin = await app.signIn('root@acme.test')
    const body = await (await app.request(PATH, { cookie: admin })).text()
    expect(JSON.parse(body)).toMatchObject({
      source: 'environment',
      enabled: true,
      clientSecret: 'set',
      issuer: 'http://127.0.0.1:9/',
      allowedDomains: ['acme.test'],
      roleMap: [
        { value: 'voice-admins', role: 'admin' },
        { value: 'voice-managers', role: 'manager' },
        { value: 'voice-support', role: 'support' },
      ],
    })
    expect(body).not.toContain(SSO_DEMO_CLIENT_SECRET)
    const refused = await expectProblem(
      await app.request(PATH, { cookie: admin, method: 'PUT', json: settingsFor('https://login.example.com') }),
      409,
    )
    expect(refused).toMatchObject({ title: 'Set by the environment' })
    expect(await store.ssoSettings.read()).toBeUndefined()
  })
})
