// Caller-ID health on the `npm start` servers: the demo account's poorly answered caller ID
// (server/simulator/db/seed.ts) is flagged on /caller-ids for a manager, with the numbers behind it,
// and support sees the caller IDs with no health at all (nor asks the console for it).
import { expect, type Page, test } from '@playwright/test'
import { DEMO_PASSWORD } from '../server/console/demo-users'
import { axeViolations } from './support/axe'
import { formatPhone } from './support/phone'
import { urls } from './support/servers'

const POORLY_ANSWERED = '+13125550177'

async function signInToDemo(page: Page, email: string) {
  await page.goto(`${urls.demoApp}/sign-in`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).not.toHaveURL(/sign-in/)
}

const rowOf = (page: Page, phone: string) =>
  page
    .getByRole('table', { name: 'Caller IDs of the account' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(formatPhone(phone).replaceAll('+', '\\+')) }) })

test.use({ storageState: { cookies: [], origins: [] } })

test('a manager sees the poorly answered caller ID flagged, with its numbers, and the others not', async ({ page }) => {
  await signInToDemo(page, 'manager@demo.test')
  await page.goto(`${urls.demoApp}/caller-ids`)
  const table = page.getByRole('table', { name: 'Caller IDs of the account' })
  await expect(table.getByRole('columnheader', { name: 'Health' })).toBeVisible()
  const flagged = rowOf(page, POORLY_ANSWERED)
  // The console's index lists the seeded calls within seconds of its start: read the page again until it has.
  await expect(async () => {
    await page.reload()
    await expect(flagged.getByText('Answered less than usual')).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 60_000 })
  await expect(flagged).toContainText(/Answered \d+% of its last 50 ended calls, against \d+% .*across the account\./)
  await expect(flagged.getByRole('cell').first()).toBeVisible()
  await expect(flagged).toContainText(/\d+% of 50/)
  await expect(flagged).toContainText(/Down \d+ points from \d+% of the \d+ before|Too few calls to compare/)
  // The two other seeded caller IDs are not.
  await expect(table.getByText('Answered less than usual')).toHaveCount(1)
  await expect(page.getByText(/a prompt to look, not a verdict/)).toBeVisible()
  await expect(page.getByText(/Spam Likely/)).toBeVisible()
  expect(await axeViolations(page, { tags: ['wcag2a', 'wcag2aa'] })).toEqual([])
})

test('support sees the caller IDs without their health, and never asks for it', async ({ page }) => {
  const asked: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/console/caller-ids/health')) asked.push(request.url())
  })
  await signInToDemo(page, 'support@demo.test')
  await page.goto(`${urls.demoApp}/caller-ids`)
  const table = page.getByRole('table', { name: 'Caller IDs of the account' })
  await expect(rowOf(page, POORLY_ANSWERED)).toBeVisible()
  await expect(table.getByRole('columnheader', { name: 'Health' })).toHaveCount(0)
  await expect(page.getByText('Answered less than usual')).toHaveCount(0)
  expect(asked).toEqual([])
  // Asked anyway, the console refuses, in words.
  const refused = await page.request.get(`${urls.demoApp}/api/console/caller-ids/health`)
  expect(refused.status()).toBe(403)
  expect(refused.headers()['content-type']).toBe('application/problem+json')
})
