// The sign-in page for the README, then the sign-in itself, through that page as a person does it:
// the other screenshots are taken in the session it leaves in the browser context.
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { E2E_PASSWORD, type E2eRole, e2eUser } from '../../e2e/support/servers'

/** Writes sign-in.png to outDir, signs `role` in, and returns the path. */
export async function shoot(page: Page, baseURL: string, outDir: string, role: E2eRole): Promise<string[]> {
  await page.goto(new URL('/sign-in', baseURL).href)
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor()
  const signInShot = join(outDir, 'sign-in.png')
  await page.screenshot({ path: signInShot })
  await signIn(page, baseURL, role)
  return [signInShot]
}

/** Signs `role` in through the sign-in page, as a person does it. */
export async function signIn(page: Page, baseURL: string, role: E2eRole): Promise<void> {
  if (!page.url().includes('/sign-in')) await page.goto(new URL('/sign-in', baseURL).href)
  await page.getByLabel('Email').fill(e2eUser(role))
  await page.getByLabel('Password').fill(E2E_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('region', { name: 'Signed in' }).getByText(e2eUser(role)).waitFor()
}
