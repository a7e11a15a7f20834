// A person of their own for a spec that changes what is kept per person (their time zone):
// the shared role sessions stay as the other specs expect. Added with the console's CLI, as an admin would.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'
import { CLI_COMMAND, consoleDb, E2E_PASSWORD, type E2eRole, ports } from './servers'
import { submitSignIn } from './test'

function addPerson(role: E2eRole): string {
  const email = `${role}-${randomUUID().slice(0, 8)}@e2e.test`
  execFileSync(process.execPath, [...CLI_COMMAND.split(' ').slice(1), 'users', 'add', email, '--role', role], {
    input: `${E2E_PASSWORD}\n`,
    env: { ...process.env, CONSOLE_DB: consoleDb(ports.app) },
    stdio: ['pipe', 'ignore', 'inherit'],
  })
  return email
}

/** Signs a new person of `role` in through the sign-in page of a signed-out page. */
export async function signInAsNewPerson(page: Page, role: E2eRole): Promise<string> {
  const email = addPerson(role)
  await page.goto('/sign-in')
  await submitSignIn(page, email)
  await expect(page).not.toHaveURL(/sign-in/)
  return email
}
