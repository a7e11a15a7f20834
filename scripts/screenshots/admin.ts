// Screenshots of the admin pages, for the README: Users (with a fresh invite and its link on
// screen) and the Audit log (after the calls and sign-ins the other modules caused).
import type { Page } from '@playwright/test'

export async function shoot(page: Page, baseURL: string, outDir: string): Promise<string[]> {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${baseURL}/users`)
  const invite = page.getByRole('form', { name: 'Invite a person' })
  await invite.getByLabel('Email').fill('dana.ortiz@example.com')
  await invite.getByLabel('Role').selectOption('support')
  await invite.getByRole('button', { name: 'Invite' }).click()
  await page.getByRole('textbox', { name: 'Set-up link' }).waitFor()
  await page.mouse.move(0, 0)
  const users = `${outDir}/users.png`
  await page.screenshot({ path: users, fullPage: true })

  await page.goto(`${baseURL}/audit`)
  await page.getByRole('heading', { name: 'Audit log' }).waitFor()
  await page.getByRole('table').first().waitFor()
  await page.mouse.move(0, 0)
  const audit = `${outDir}/audit-log.png`
  await page.screenshot({ path: audit })
  return [users, audit]
}
