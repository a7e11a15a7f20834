// A console that signs people in with SSO only (CONSOLE_LOCAL_SIGN_IN=off).
import { describe, expect, it } from 'vitest'
import { createTestConsole, expectProblem } from '../../test-support/console-app'
import { ssoConfigFor } from '../../test-support/sso-flow'

describe('local sign-in turned off', () => {
  it('tells the sign-in page to show only the provider, and refuses a password sign-in with a clear answer', async () => {
    const app = await createTestConsole({
      sso: ssoConfigFor('http://127.0.0.1:9', { CONSOLE_OIDC_PROVIDER_NAME: 'Acme Okta' }),
      localSignIn: false,
      demoUsers: [{ email: 'admin@demo.test', role: 'admin', password: 'demo-password' }],
    })
    await app.addUser('ada@acme.test', 'admin')
    expect(await (await app.request('/api/console/setup')).json()).toEqual({
      hasUsers: true,
      demoUsers: [],
      localSignIn: false,
      sso: { name: 'Acme Okta' },
    })
    const refused = await expectProblem(
      await app.request('/api/console/sign-in', {
        json: { email: 'ada@acme.test', password: 'correct horse battery' },
      }),
      403,
    )
    expect(refused).toMatchObject({
      title: 'Password sign-in is turned off',
      detail: 'This console signs people in with Acme Okta only. Use the button on the sign-in page.',
    })
  })
})
