// Single sign-on, as a person does it: the console's sign-in page, the provider's own page
// (the demo OpenID provider on loopback), and back, signed in with the role their groups give.
import { demoPeople, SSO_DEMO_PASSWORD } from '../server/sso-demo/demo-setup'
import { axeViolations } from './support/axe'
import { urls } from './support/servers'
import { expect, type Page, signedOut, signOut, test } from './support/test'

test.use(signedOut)

async function signInAtProvider(page: Page, email: string) {
  await page.goto(`${urls.ssoApp}/calls`)
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fcalls/)
  // Passwords are off on this console: the provider is the only way in.
  await expect(page.getByLabel('Password')).toHaveCount(0)
  await page.getByRole('link', { name: 'Sign in with Demo SSO' }).click()
  await expect(page.getByRole('heading', { name: 'Demo identity provider' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(SSO_DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('a person of the allowed domain signs in with SSO and gets the role their groups map to', async ({ page }) => {
  expect(demoPeople().find((person) => person.email === 'ada@acme.test')?.groups).toContain('voice-admins')
  await signInAtProvider(page, 'ada@acme.test')
  await expect(page.getByRole('region', { name: 'Signed in' })).toContainText('ada@acme.test')
  await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/calls')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Usage', exact: true })).toBeVisible()
  await signOut(page)

  // Support, by the voice-support group: no Usage page.
  await signInAtProvider(page, 'sam@acme.test')
  await expect(page.getByRole('region', { name: 'Signed in' })).toContainText('sam@acme.test')
  await expect(nav.getByRole('link', { name: 'Calls', exact: true })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Usage', exact: true })).toHaveCount(0)
})

test('a person from another domain is sent back to the sign-in page with a clear refusal', async ({ page }) => {
  await signInAtProvider(page, 'eve@elsewhere.test')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText(
    'Your sign-in account does not give you access to this console. Ask an admin to check your email domain and groups.',
  )
  await expect(page.getByRole('region', { name: 'Signed in' })).toHaveCount(0)
})

test('the Audit log shows refused SSO sign-ins as refused, with why, not as the redirect’s "302 OK"', async ({
  page,
}) => {
  // Another domain, at the provider as the person would.
  await signInAtProvider(page, 'eve@elsewhere.test')
  await expect(page.getByRole('alert')).toBeVisible()
  // A tampered state: changed on the way to the provider, so its answer comes back with a state this browser's
  // sign-in never had (a redirect's next hop cannot be routed, the console's first answer can).
  await page.route(`${urls.ssoApp}/api/console/sso/start*`, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 })
    const location = new URL(response.headers().location ?? '')
    location.searchParams.set('state', 'forged-on-the-way')
    await route.fulfill({ response, headers: { ...response.headers(), location: location.href } })
  })
  await signInAtProvider(page, 'sam@acme.test')
  await expect(page.getByRole('alert')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Signed in' })).toHaveCount(0)
  await page.unrouteAll()

  await signInAtProvider(page, 'ada@acme.test')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  await page
    .getByRole('form', { name: 'Filter entries' })
    .getByLabel('Action')
    .selectOption({ label: 'SSO sign-in refused' })
  const entries = page.getByRole('table', { name: /Audit entries/ })
  const otherDomain = entries.getByRole('row').filter({ hasText: 'eve@elsewhere.test' }).first()
  await expect(otherDomain.getByRole('cell').nth(4)).toHaveText('Refused: another domain')
  const forged = entries.getByRole('row').filter({ hasText: 'Refused: tampered or wrong state' }).first()
  await expect(forged).toBeVisible()
  await expect(entries).not.toContainText('302')
  await expect(entries).not.toContainText('OK')
  // A success reads as one, in the same words a person would use.
  await page
    .getByRole('form', { name: 'Filter entries' })
    .getByLabel('Action')
    .selectOption({ label: 'Signed in with SSO' })
  await expect(entries.getByRole('row').filter({ hasText: 'ada@acme.test' }).first()).toContainText('Signed in')
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    expect(await axeViolations(page), scheme).toEqual([])
  }
})
