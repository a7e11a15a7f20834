// A slow voice service and an impatient person: the page is reloaded while the call is being placed, and the same
// form sent again; or Place call is pressed twice. Either way the service holds one call, and after the reload the
// page says the call was placed, with a link to it, instead of placing another.
import type { Page } from '@playwright/test'
import type { SimulatorProcess } from '../../server/console/test-support/simulator-process'
import { callsTo, forgetOwnSimulatorCalls, startOwnSimulator } from '../support/own-simulator'
import { formatPhone } from '../support/phone'
import { expect, test } from '../support/test'

/** Every answer of the service this late: long enough to reload before a placement's answer comes. */
const LATENCY_MS = 3_000
const SLOW = { timeout: 30_000 }
// Not among the seeded calls' numbers, and each placed once per run (the service's calls are counted since `since`).
const RELOADED_TO = '+14155550123'
const TWICE_TO = '+14155550124'

test.describe.configure({ timeout: 120_000 })

let sim: SimulatorProcess | null = null
test.beforeAll(async () => {
  forgetOwnSimulatorCalls()
  sim = await startOwnSimulator({ VOICE_SIM_FAULT_LATENCY_MS: String(LATENCY_MS) })
})
test.afterAll(async () => {
  await sim?.stop()
})

function simulator(): SimulatorProcess {
  if (!sim) throw new Error('the simulator is not running')
  return sim
}

/** The browser's placements: POSTs of a call, whatever answers them. */
function countPlacements(page: Page): { sent: number } {
  const placements = { sent: 0 }
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/voice/calls') placements.sent++
  })
  return placements
}

async function fillNewCall(page: Page, destination: string) {
  await page.goto('/calls/new')
  await expect(page.getByLabel('Caller ID')).toHaveValue(/^\+\d+$/, SLOW)
  await page.getByLabel('Destination').fill(destination)
}

test('a reload while the call is being placed, then the same form sent again, places one call and says so', async ({
  page,
}, testInfo) => {
  const since = new Date(Date.now() - 1_000).toISOString()
  const placements = countPlacements(page)
  await fillNewCall(page, RELOADED_TO)
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/calls'))
  await page.getByRole('button', { name: 'Place call' }).click()
  await sent
  await page.reload()

  // The first placement reached the service, which places it once it has waited: the page never saw the answer.
  await expect.poll(() => callsTo(simulator(), RELOADED_TO, since), SLOW).toHaveLength(1)
  await expect(page.getByText(/^The page was reloaded while a call to .* was being placed/)).toContainText(
    formatPhone(RELOADED_TO),
    SLOW,
  )
  await expect(page.getByLabel('Caller ID')).toHaveValue(/^\+\d+$/, SLOW)
  await expect(page.getByLabel('Destination')).toHaveValue(/\S/)
  await page.getByRole('button', { name: 'Place call' }).click()

  const placed = page.getByRole('status').filter({ hasText: /^A call to / })
  await expect(placed).toContainText(`A call to ${formatPhone(RELOADED_TO)} was placed`, SLOW)
  await expect(placed).toContainText(/was placed \d+ s ago: open it, or place another/)
  await page.screenshot({ path: testInfo.outputPath('placed-seconds-ago.png') })
  const [callId] = await callsTo(simulator(), RELOADED_TO, since)
  expect(await callsTo(simulator(), RELOADED_TO, since)).toEqual([callId])
  expect(placements.sent, 'the first send and the same form sent again').toBe(2)

  await placed.getByRole('link', { name: 'open it' }).click()
  await expect(page).toHaveURL(new RegExp(`/calls/${callId}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Call to ${formatPhone(RELOADED_TO)}` })).toBeVisible(SLOW)
})

test('Place call pressed twice quickly places one call', async ({ page }) => {
  const since = new Date(Date.now() - 1_000).toISOString()
  const placements = countPlacements(page)
  await fillNewCall(page, TWICE_TO)
  await page.getByRole('button', { name: 'Place call' }).dblclick()

  await expect(page).toHaveURL(/\/calls\/call_[^/]+$/, SLOW)
  const callId = page.url().split('/').pop()
  await expect(page.getByRole('heading', { level: 1, name: `Call to ${formatPhone(TWICE_TO)}` })).toBeVisible(SLOW)
  expect(await callsTo(simulator(), TWICE_TO, since)).toEqual([callId])
  expect(placements.sent, 'one placement sent for the two presses').toBe(1)
})
