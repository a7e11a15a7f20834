// User administration as an admin does it: invite a person and hand over the link, change a
// role and watch the person's open tab follow. Each test works on people of its own.
import { randomUUID } from 'node:crypto'
import type { Browser } from '@playwright/test'
import { axeViolations } from './support/axe'
import { signInAsNewPerson } from './support/people'
import { E2E_PASSWORD, urls } from './support/servers'
import { expect, signedOut, test } from './support/test'

/** Another browser, nobody signed in: the invited person's, or a colleague's. */
const freshPage = async (browser: Browser) => {
  const context = await browser.newContext({ ...signedOut, baseURL: urls.app })
  return context.newPage()
}

test('an admin invites a person, whose link sets them up once', async ({ page, browser }) => {
  const email = `invited-${randomUUID().slice(0, 8)}@e2e.test`
  await page.goto('/users')
  const invite = page.getByRole('form', { name: 'Invite a person' })
  await invite.getByLabel('Email', { exact: true }).fill(email)
  await invite.getByLabel('Role').selectOption('manager')
  await invite.getByRole('button', { name: 'Invite' }).click()
  const linkBox = page.getByRole('textbox', { name: 'Set-up link' })
  await expect(linkBox).toBeFocused()
  await expect(page.getByText('It works once, within 24 hours')).toBeVisible()
  const link = await linkBox.inputValue()
  expect(new URL(link).hash).toMatch(/^#token=/)
  await expect(page.getByRole('row', { name: email })).toContainText('Invited')
  expect(await axeViolations(page)).toEqual([])

  const invited = await freshPage(browser)
  await invited.goto(link)
  await expect(invited.getByRole('heading', { name: 'Set up your account' })).toBeVisible()
  await expect(invited.getByText(`You are invited as ${email}`)).toBeVisible()
  await invited.getByLabel('New password').fill(E2E_PASSWORD)
  await invited.getByLabel('Repeat the password').fill(E2E_PASSWORD)
  await invited.getByRole('button', { name: 'Set up and sign in' }).click()
  await expect(invited.getByRole('region', { name: 'Signed in' })).toContainText(email)
  await expect(invited.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage' })).toBeVisible()

  const again = await freshPage(browser)
  await again.goto(link)
  await expect(again.getByRole('heading', { name: 'This set-up link no longer works' })).toBeVisible()
  await expect(again.getByText('Ask an admin for a new link')).toBeVisible()

  await page.reload()
  const row = page.getByRole('row', { name: email })
  await expect(row).toContainText('Active')
  await expect(row).toContainText('manager')
})

test("an admin demotes support to manager, and the person's open tab loses New call on its next navigation", async ({
  page,
  browser,
}) => {
  const colleague = await freshPage(browser)
  const email = await signInAsNewPerson(colleague, 'support')
  const theirNav = colleague.getByRole('navigation', { name: 'Main' })
  await expect(theirNav.getByRole('link', { name: 'New call' })).toBeVisible()

  await page.goto('/users')
  await expect(page.getByRole('row', { name: email })).toContainText('support')
  await page.getByRole('button', { name: `Change role of ${email}` }).click()
  const dialog = page.getByRole('dialog', { name: `Change the role of ${email}` })
  await dialog.getByLabel('Role').selectOption('manager')
  await dialog.getByRole('button', { name: 'Save role' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`${email} is now manager.`)).toBeVisible()
  await expect(page.getByRole('row', { name: email })).toContainText('manager')

  // Nothing reloaded: one click in the tab they already had open.
  await theirNav.getByRole('link', { name: 'Caller IDs' }).click()
  await expect(colleague).toHaveURL(/\/caller-ids$/)
  await expect(theirNav.getByRole('link', { name: 'New call' })).toHaveCount(0)
  await expect(theirNav.getByRole('link', { name: 'Usage' })).toBeVisible()
  await expect(colleague.getByRole('region', { name: 'Signed in' })).toContainText('manager')
})

test("an admin's own row says (you) and offers no way to deactivate themselves", async ({ browser }) => {
  const admin = await freshPage(browser)
  const email = await signInAsNewPerson(admin, 'admin')
  await admin.goto('/users')
  await expect(admin.getByRole('row', { name: email })).toContainText('(you)')
  await expect(admin.getByRole('button', { name: `Deactivate ${email}` })).toHaveCount(0)
  await expect(admin.getByRole('button', { name: `Change role of ${email}` })).toBeVisible()
})
