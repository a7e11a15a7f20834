// Signing in, each role's pages, and signing out: what the console enforces on the
// server, seen from the browser.
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/api/contract/console-schemas'
import { API_PREFIX } from '../src/api/contract/schemas'
import { NUMBERS } from './support/api'
import { E2E_PASSWORD, e2eUser, urls } from './support/servers'
import { expect, type Page, signedInAs, signedOut, signOut, submitSignIn, test } from './support/test'

const PAGES_OF_ROLE = {
  support: ['Calls', 'New call', 'Callbacks', 'Caller IDs'],
  manager: ['Calls', 'Callbacks', 'Caller IDs', 'Usage'],
  // An admin's row is full: Callbacks is reached by its address and the header's "N due now" (nav-pages.ts).
  admin: ['Calls', 'New call', 'Caller IDs', 'Usage'],
} as const
const ALL_PAGES = ['Calls', 'New call', 'Callbacks', 'Caller IDs', 'Usage']

async function expectPagesOf(page: Page, role: keyof typeof PAGES_OF_ROLE) {
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav).toBeVisible()
  for (const name of ALL_PAGES) {
    const link = nav.getByRole('link', { name, exact: true })
    if ((PAGES_OF_ROLE[role] as readonly string[]).includes(name)) await expect(link).toBeVisible()
    else await expect(link).toHaveCount(0)
  }
}

test.describe('signed out', () => {
  test.use(signedOut)

  test('each demo user of npm start signs in with one click and sees only their pages', async ({ page }) => {
    for (const role of ['support', 'manager', 'admin'] as const) {
      await page.goto(`${urls.demoApp}/calls`)
      await expect(page).toHaveURL(/\/sign-in\?redirect=/)
      await page.getByRole('button', { name: `Sign in as ${role}` }).click()
      await expect(page.getByRole('region', { name: 'Signed in' })).toContainText(`${role}@demo.test`)
      await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible()
      await expectPagesOf(page, role)
      await signOut(page)
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    }
  })

  test('a person lands on the page they first asked for, and wrong credentials get one generic message', async ({
    page,
  }) => {
    await page.goto('/usage?x=1')
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fusage/)
    await expect(page).toHaveTitle('Sign in · Voice Dashboard')
    // No demo users in a production start.
    await expect(page.getByRole('button', { name: /Sign in as/ })).toHaveCount(0)

    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByText('Enter your email address.')).toBeVisible()
    await expect(page.getByLabel('Email')).toBeFocused()

    await page.getByLabel('Email').fill(e2eUser('manager'))
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText('That email and password do not match an active account.')

    await page.getByLabel('Password').fill(E2E_PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/usage\?x=1$/)
    await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible()
  })

  test('a cold page sends a person signed out to the light sign-in document, which readies the dashboard', async ({
    page,
  }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname)
    })
    await page.goto('/live?wall=true')
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Flive%3Fwall%3Dtrue$/)
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible()
    // One script runs: the document's own. The dashboard's entry is only fetched ahead, for the page after.
    const running = await page
      .locator('script[type="module"]')
      .evaluateAll((elements) => elements.map((element) => new URL((element as HTMLScriptElement).src).pathname))
    expect(running).toEqual([expect.stringMatching(/^\/assets\/sign-in-document-[\w-]+\.js$/)])
    await expect.poll(() => scripts.filter((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toHaveLength(1)
    expect(scripts.filter((path) => !/^\/assets\/(index|sign-in-document)-[\w-]+\.js$/.test(path))).toEqual([])

    await submitSignIn(page, e2eUser('support'))
    await expect(page).toHaveURL(/\/live\?wall=true/)
    await expect(page.getByRole('heading', { name: 'Live calls', level: 1 })).toBeVisible()
  })

  test('signed out in several tabs, a person signs in once and the other tab goes on too', async ({
    page,
    context,
  }) => {
    // Both cold: the light sign-in document in each.
    await page.goto('/usage')
    const other = await context.newPage()
    await other.goto('/live')
    await expect(other.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible()
    await submitSignIn(page, e2eUser('manager'))
    await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible()
    await expect(other).toHaveURL(/\/live(\?|$)/)
    await expect(other.getByRole('heading', { name: 'Live calls', level: 1 })).toBeVisible()

    // Signed out in one, and the other finds out at its next request: the dashboard's own sign-in page in both. That
    // request is the click on Calls, or the refetch that the page's coming to the front brings first (then the
    // link is gone before the click lands, and the sign-in page asks to come back to /usage).
    await signOut(other)
    await expect(other.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible()
    await page.bringToFront()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Calls', exact: true })
      .click({ timeout: 10_000 })
      .catch(() => undefined)
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2F(calls|usage)/)
    const back = new URL(page.url()).searchParams.get('redirect') === '/usage' ? 'Usage' : 'Calls'
    await submitSignIn(other, e2eUser('manager'))
    await expect(other.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible()
    await expect(page).toHaveURL(back === 'Usage' ? /\/usage(\?|$)/ : /\/calls(\?|$)/)
    await expect(page.getByRole('heading', { name: back, level: 1 })).toBeVisible()
  })

  test('a redirect to another site after sign-in is not followed', async ({ page }) => {
    await page.goto('/sign-in?redirect=https%3A%2F%2Fevil.example%2Fcalls')
    await submitSignIn(page, e2eUser('support'))
    await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible()
    expect(new URL(page.url()).origin).toBe(urls.app)
  })

  test('after signing out, the back button shows no data', async ({ page }) => {
    await page.goto('/sign-in')
    await submitSignIn(page, e2eUser('support'))
    await expect(page.getByRole('table', { name: /calls/i })).toBeVisible()
    const firstCall = page.getByRole('table', { name: /calls/i }).getByRole('row').nth(1)
    await firstCall.getByRole('link').first().click()
    await expect(page.getByRole('heading', { name: /^Call to / })).toBeVisible()

    await signOut(page)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/\/sign-in/)
    await expect(page.getByRole('heading', { name: /^Call to / })).toHaveCount(0)
    await expect(page.getByRole('table')).toHaveCount(0)
    // The session ended on the server too: its cookie opens nothing.
    expect((await page.request.get(`${API_PREFIX}/calls`)).status()).toBe(401)
  })
})

test.describe('a manager', () => {
  test.use(signedInAs('manager'))

  test('has no New call link, is told the page is not for their role, and the server refuses a call', async ({
    page,
  }) => {
    await page.goto('/calls')
    await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible()
    await expectPagesOf(page, 'manager')
    await expect(page.getByRole('link', { name: 'New call' })).toHaveCount(0)

    await page.goto('/calls/new')
    await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible()
    await expect(page.getByLabel('Destination')).toHaveCount(0)

    // Hiding the button is not the enforcement: the console refuses the request itself.
    const response = await page.request.post(`${API_PREFIX}/calls`, {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { caller_id: '+14155550100', destination: NUMBERS.answers, record: false, metadata: {} },
    })
    expect(response.status()).toBe(403)
    expect(response.headers()['content-type']).toBe('application/problem+json')
    expect(((await response.json()) as { title: string }).title).toBe('Not available for your role')
  })
})

test.describe('a support agent', () => {
  test.use(signedInAs('support'))

  test('sees only their pages, and usage is not for their role', async ({ page }) => {
    await page.goto('/caller-ids')
    await expectPagesOf(page, 'support')
    await expect(page.getByRole('heading', { name: 'Add caller ID' })).toHaveCount(0)
    await page.goto('/usage')
    await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible()
    expect((await page.request.get(`${API_PREFIX}/usage`)).status()).toBe(403)
  })
})

test.describe('a console without an API key', () => {
  test.use({ ...signedOut, baseURL: urls.noKeyApp })

  test('tells an admin what is missing, and a support agent that the service is not configured', {
    tag: '@waits',
  }, async ({ page }) => {
    for (const role of ['admin', 'support'] as const) {
      await page.goto('/sign-in')
      await submitSignIn(page, e2eUser(role))
      await expect(page.getByRole('region', { name: 'Signed in' })).toContainText(e2eUser(role))
      if (role === 'admin') {
        await expect(page.getByRole('alert').filter({ hasText: 'voice service' })).toContainText(
          'No API key is configured',
        )
      }
      // The page's own error state, in words: the service answers 503 until the key is set (after retries).
      await expect(page.getByText(/no API key for the voice service/).first()).toBeVisible({ timeout: 30_000 })
      await signOut(page)
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    }
  })
})
