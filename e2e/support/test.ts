// The specs' `test`: like Playwright's, but its `request` is the page's own, so API calls
// a spec makes to seed or check data go through the console as the person signed in.
import { test as base, type Page } from '@playwright/test'
import { authFile, E2E_PASSWORD, type E2eRole, ports } from './servers'

export * from '@playwright/test'

export const test = base.extend({
  request: async ({ page }, use) => {
    await use(page.request)
  },
})

/** For a spec about one role's work: `test.use(signedInAs('support'))`. */
export const signedInAs = (role: E2eRole) => ({ storageState: authFile(ports.app, role) })

/** Nobody signed in. */
export const signedOut = { storageState: { cookies: [], origins: [] } }

/** Fills the sign-in page's form (either sign-in page) and sends it. */
export async function submitSignIn(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Opens the signed-in person's menu in the header (its button shows their email). */
export async function openUserMenu(page: Page): Promise<void> {
  // The button names the person (their email). Waited for, not counted: right after a navigation
  // the header may not be drawn yet.
  const button = page.getByRole('region', { name: 'Signed in' }).getByRole('button', { name: /@/ })
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click()
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page)
  await page.getByRole('button', { name: 'Sign out' }).click()
}
