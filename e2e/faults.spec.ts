import { expect, test } from '@playwright/test'
import type { ListCallsResponse } from '../src/api/schemas'
import { NUMBERS } from './support/api'
import { DEMO_KEY, origin, ports } from './support/servers'

// Runs against a simulator with 500-2000 ms latency and 20% 5xx answers.
test.describe.configure({ timeout: 180_000 })

test('with slow and flaky answers, a call is placed exactly once and watched to the end', async ({ page, request }) => {
  const since = new Date(Date.now() - 5_000).toISOString()
  await page.goto('/calls/new')
  await expect(page.getByLabel('Caller ID')).toHaveValue(/^\+\d+$/, { timeout: 60_000 })
  await page.getByLabel('Destination').fill(NUMBERS.answers)
  await page.getByRole('button', { name: 'Place call' }).click()

  await expect(page).toHaveURL(/\/calls\/call_[^/]+$/, { timeout: 90_000 })
  const callId = page.url().split('/').pop() ?? ''
  await expect(page.getByRole('heading', { name: `Call to ${NUMBERS.answers}` })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByText('Call status: Completed')).toBeAttached({ timeout: 90_000 })

  // Straight from the simulator, polling past its injected errors: one call, not two.
  await expect
    .poll(
      async () => {
        const res = await request.get(`${origin(ports.faultSim)}/api/v1/voice/calls`, {
          headers: { Authorization: `Bearer ${DEMO_KEY}` },
          params: { from_date: since, limit: 100 },
        })
        if (!res.ok()) return -1
        const { calls } = (await res.json()) as ListCallsResponse
        return calls.filter((call) => call.destination === NUMBERS.answers).length
      },
      { timeout: 30_000 },
    )
    .toBe(1)

  await page.getByRole('link', { name: '← All calls' }).click()
  await page.getByLabel('Status').selectOption('DIALER_COMPLETED')
  const table = page.getByRole('table', { name: /calls/i })
  await expect(table.getByText(callId)).toBeVisible({ timeout: 60_000 })
})

test('the calls list loads through retries', async ({ page }) => {
  await page.goto('/calls')
  await expect(page.getByRole('table', { name: /calls/i })).toBeVisible({ timeout: 60_000 })
})
