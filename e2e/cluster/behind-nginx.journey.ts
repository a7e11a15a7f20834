// A person's day on a console of two instances behind nginx: sign in, place a call, watch it live until it
// ends, find it by its ticket. nginx's round robin hands the page's requests to both instances in turn,
// and its access log shows that both served them.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { CLUSTER_PASSWORD } from '../../server/console/test-support/console-cluster'
import { NUMBERS } from '../support/api'
import { formatPhone } from '../support/phone'
import { CLUSTER_ADMIN } from './global-setup'

test.skip(Boolean(process.env.CLUSTER_E2E_SKIP), process.env.CLUSTER_E2E_SKIP)
test.use({ baseURL: process.env.CLUSTER_E2E_URL })

const accessLog = () =>
  readFileSync(process.env.CLUSTER_E2E_ACCESS_LOG ?? '', 'utf8')
    .split('\n')
    .filter(Boolean)

test('sign in, place a call, watch it live until it ends and find it, with both instances serving', async ({
  page,
}) => {
  const from = accessLog().length
  const ticket = `LB-${Date.now().toString(36).toUpperCase()}`

  const stream = page.waitForResponse(/\/api\/console\/events(\?|$)/, { timeout: 60_000 })
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill(CLUSTER_ADMIN)
  await page.getByLabel('Password').fill(CLUSTER_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Signed in' })).toContainText(CLUSTER_ADMIN)

  await page.goto('/calls/new')
  await expect(page.getByLabel('Caller ID')).toHaveValue(/^\+\d+$/)
  await page.getByLabel('Destination').fill(NUMBERS.answers)
  await page.getByRole('button', { name: 'Add metadata' }).click()
  await page.getByLabel('Key 1').fill('ticket')
  await page.getByLabel('Value 1').fill(ticket)
  await page.getByRole('button', { name: 'Place call' }).click()
  await expect(page).toHaveURL(/\/calls\/call_[^/]+$/)
  const callId = new URL(page.url()).pathname.split('/').at(-1) ?? ''

  // Live: the status moves on through the event stream (nginx passes it unbuffered) until the call ends.
  await expect(page.getByRole('heading', { level: 1, name: `Call to ${formatPhone(NUMBERS.answers)}` })).toBeVisible()
  await expect(page.getByText('Call status: Completed')).toBeAttached({ timeout: 60_000 })

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calls', exact: true }).click()
  await page.getByRole('searchbox', { name: 'Search' }).fill(ticket)
  await expect(page).toHaveURL(new RegExp(`q=${ticket}`))
  const rows = page.getByRole('table', { name: /calls/i }).getByRole('row')
  await expect(rows).toHaveCount(2, { timeout: 30_000 })
  await expect(rows.nth(1)).toContainText(callId)

  const lines = accessLog().slice(from)
  const instances = (process.env.CLUSTER_E2E_INSTANCES ?? '').split(',')
  const servedBy = (address: string) => lines.filter((line) => line.includes(`upstream=${address} `)).length
  for (const address of instances) expect(servedBy(address), `requests served by ${address}`).toBeGreaterThan(3)
  // The page's event stream went through nginx and was answered as one (it is logged only when it closes).
  const events = await stream
  expect(events.status()).toBe(200)
  expect(events.headers()['content-type']).toContain('text/event-stream')
})
