// Issue 53, item 7: an admin sets single sign-on from the page (the demo OpenID provider on loopback), tests it (a
// wrong secret first), turns it on, and a person signs in with it in another browser; where the environment sets the
// provider, the page only shows it. On the console without an API key, which no other journey signs in to with SSO,
// so the sign-in button this journey turns on meets nobody else's page.
import type { Browser, Page } from '@playwright/test'
import { SSO_DEMO_CLIENT_ID, SSO_DEMO_CLIENT_SECRET, SSO_DEMO_PASSWORD } from '../server/sso-demo/demo-setup'
import { axeViolations } from './support/axe'
import { e2eUser, urls } from './support/servers'
import { expect, signedOut, submitSignIn, test } from './support/test'

const PHONE = { width: 390, height: 844 }

async function signedOutPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ ...signedOut, baseURL, viewport: { width: 1366, height: 768 } })
  return context.newPage()
}

async function atProvider(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Demo identity provider' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(SSO_DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('an admin sets up single sign-on, tests it and turns it on; a person then signs in with it', async ({
  browser,
}) => {
  const page = await signedOutPage(browser, urls.noKeyApp)
  await page.goto('/sign-in')
  await submitSignIn(page, e2eUser('admin'))
  await expect(page.getByRole('region', { name: 'Signed in' })).toContainText(e2eUser('admin'))
  await page.goto('/users')
  await page.getByRole('button', { name: 'Single sign-on settings' }).click()

  const form = page.getByRole('form', { name: 'Provider' })
  await form.getByLabel('Provider name').fill('Acme Login')
  await form.getByLabel('Issuer URL').fill(urls.ssoProvider)
  await form.getByLabel('Client id').fill(SSO_DEMO_CLIENT_ID)
  await form.getByLabel('Allowed email domains').fill('acme.test')
  await form.getByLabel('Role claim').fill('groups')
  // A run before this one left its groups: start from none.
  const remove = form.getByRole('button', { name: /^Remove group/ })
  while ((await remove.count()) > 0) await remove.first().click()
  for (const [index, [group, role]] of [
    ['voice-admins', 'Admin'],
    ['voice-support', 'Support'],
  ].entries()) {
    await form.getByRole('button', { name: 'Add a group' }).click()
    await form.getByLabel(`Group ${index + 1}`, { exact: true }).fill(group as string)
    await form.getByLabel(`Role for group ${index + 1}`).selectOption({ label: role as string })
  }
  await form.getByLabel('Default role').selectOption({ label: 'Nobody (refuse them)' })

  // A wrong secret: the test says which step failed, and saves nothing.
  const result = form.getByRole('region', { name: 'Test result' })
  await form.getByLabel('Client secret').fill('not-the-demo-secret')
  await form.getByRole('button', { name: 'Test' }).click()
  await expect(result).toContainText('The test found a problem. Nothing was saved.')
  await expect(result).toContainText('OpenID discovery: Worked.')
  await expect(result).toContainText('Client id and secret: Failed. The provider refused the client id and secret')
  await form.getByLabel('Client secret').fill(SSO_DEMO_CLIENT_SECRET)
  await form.getByRole('button', { name: 'Test' }).click()
  await expect(result).toContainText('The test found no problem. Nothing was saved.')
  await expect(result).toContainText('Signing keys: Worked.')

  const on = form.getByRole('checkbox', { name: 'Offer “Sign in with Acme Login” on the sign-in page' })
  await on.check()
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByRole('status')).toHaveText('Saved. Single sign-on is on.')
  // Written once: the field is empty again, and the page says only that one is set.
  await expect(form.getByLabel('Client secret')).toHaveValue('')
  await expect(form.getByText('Set. It is never shown again')).toBeVisible()
  expect(await page.content()).not.toContain(SSO_DEMO_CLIENT_SECRET)
  expect(await axeViolations(page)).toEqual([])
  await page.setViewportSize(PHONE)
  expect(await axeViolations(page)).toEqual([])

  // Another browser: the sign-in page offers the provider, and the person comes back signed in with their role.
  const person = await signedOutPage(browser, urls.noKeyApp)
  await person.goto('/sign-in')
  await person.getByRole('link', { name: 'Sign in with Acme Login' }).click()
  await atProvider(person, 'sam@acme.test')
  await expect(person.getByRole('region', { name: 'Signed in' })).toContainText('sam@acme.test')

  await page.setViewportSize({ width: 1366, height: 768 })
  await page.goto('/audit')
  const entries = page.getByRole('table', { name: /Audit entries/ })
  await expect(entries.getByRole('row').filter({ hasText: 'Single sign-on settings changed' }).first()).toBeVisible()
  await expect(
    entries.getByRole('row').filter({ hasText: 'Single sign-on client secret replaced' }).first(),
  ).toBeVisible()

  // Off again: the next sign-in page offers passwords only.
  await page.goto('/users')
  await page.getByRole('button', { name: 'Single sign-on settings' }).click()
  await on.uncheck()
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByRole('status')).toHaveText('Saved. Single sign-on is off.')
  const later = await signedOutPage(browser, urls.noKeyApp)
  await later.goto('/sign-in')
  await expect(later.getByLabel('Password')).toBeVisible()
  await expect(later.getByRole('link', { name: /Sign in with/ })).toHaveCount(0)
})

test('where the environment sets single sign-on, the page shows it and says to change it there', async ({
  browser,
}) => {
  const page = await signedOutPage(browser, urls.ssoApp)
  await page.goto('/users')
  await page.getByRole('link', { name: 'Sign in with Demo SSO' }).click()
  await atProvider(page, 'ada@acme.test')
  await page.getByRole('button', { name: 'Single sign-on settings' }).click()
  await expect(page.getByText('Set by the environment; change it there.')).toBeVisible()
  await expect(page.getByText('Set from the environment')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])
  await page.setViewportSize(PHONE)
  expect(await axeViolations(page)).toEqual([])
})
