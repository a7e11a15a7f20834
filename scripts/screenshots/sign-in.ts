// The sign-in page for the README, then the sign-in itself, through that page as a person does it:
// the other screenshots are taken in the session it leaves in the browser context.
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { E2E_PASSWORD, type E2eRole, e2eUser } from '../../e2e/support/servers'

/** Writes sign-in.png to outDir, signs `role` in, and returns the path. */
export async function shoot(page: Page, baseURL: string, outDir: string, role: E2eRole): Promise<string[]> {
  await page.goto(new URL('/sign-in', baseURL).href)
  const submit = page.getByRole('button', { name: 'Sign in', exact: true })
  await submit.waitFor()
  const signIn = join(outDir, 'sign-in.png')
  await page.screenshot({ path: signIn })

  await page.getByLabel('Email').fill(e2eUser(role))
  await page.getByLabel('Password').fill(E2E_PASSWORD)
  await submit.click()
  await page.getByRole('region', { name: 'Signed in' }).getByText(e2eUser(role)).waitFor()
  return [signIn]
}
