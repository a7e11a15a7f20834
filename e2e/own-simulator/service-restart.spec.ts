// The voice service stops in the middle of the day and starts again: every page open in the browser shows its error
// while it is away, and its content again once it answers, without anyone pressing Retry. The header's line says
// the service cannot be reached while the live board says it cannot read it, and says connected again after.
import type { Locator, Page } from '@playwright/test'
import type { SimulatorProcess } from '../../server/console/test-support/simulator-process'
import { NUMBERS, placeCall } from '../support/api'
import { forgetOwnSimulatorCalls, startOwnSimulator } from '../support/own-simulator'
import { formatPhone } from '../support/phone'
import { expect, test } from '../support/test'

/** From the service's return to every page's content: one probe per browser every 10 s, sized for a loaded CI. */
const BACK_WITHIN_MS = 45_000
/** A page's reads give up after their retries before they show an error. */
const ERROR_WITHIN_MS = 30_000

// A bound, not a speed target: five pages' errors and returns in a row took 161 s at load 20 in a fresh-clone CI.
test.describe.configure({ timeout: 300_000 })

let sim: SimulatorProcess | null = null
test.beforeAll(async () => {
  forgetOwnSimulatorCalls()
  sim = await startOwnSimulator()
})
test.afterAll(async () => {
  await sim?.stop()
})

interface OpenPage {
  path: string
  page: Page
  /** What the page shows when it has what it reads. */
  content: Locator
  /** Its error, in its own words. */
  error: Locator
}

const main = (page: Page) => page.getByRole('main')
const retry = (page: Page) => main(page).getByRole('button', { name: 'Retry' })
const headerDown = (page: Page) =>
  page.getByRole('banner').getByRole('alert').filter({ hasText: 'The voice service is not usable.' })
const headerConnected = (page: Page) => page.getByRole('banner').getByText(/^Connected to the voice service as /)
const pageError = (page: Page, text: string) => main(page).getByRole('alert').filter({ hasText: text }).first()

/** Opens `path` in `page`: what it shows when it has its data, and when the service cannot be reached. */
async function open(page: Page, path: string, callTo: string): Promise<OpenPage> {
  await page.goto(path)
  const unreachable = pageError(page, 'The voice service could not be reached.')
  const parts: Record<string, Pick<OpenPage, 'content' | 'error'>> = {
    '/usage': {
      content: page
        .getByRole('region', { name: 'Current period' })
        .getByRole('progressbar', { name: 'Minutes used of committed' }),
      error: unreachable,
    },
    '/calls/new': { content: page.getByLabel('Caller ID'), error: unreachable },
    '/calls': { content: page.getByRole('table', { name: /calls/i }), error: unreachable },
    // The board stays drawn while the console's hub cannot read the service: its trouble is said above it.
    '/live': {
      content: page.getByRole('heading', { name: 'In flight' }),
      error: pageError(page, 'The calls in flight cannot be read from the voice service.'),
    },
  }
  const call = {
    content: page.getByRole('heading', { level: 1, name: `Call to ${formatPhone(callTo)}` }),
    error: unreachable,
  }
  return { path, page, ...(parts[path] ?? call) }
}

test('every page shows its error while the voice service is stopped, and its content again once it is back, without Retry', async ({
  page,
  context,
  request,
}, testInfo) => {
  const call = await placeCall(request, { destination: NUMBERS.answers })
  const paths = ['/usage', `/calls/${call.call_id}`, '/calls/new', '/calls', '/live']
  const pages: OpenPage[] = []
  for (const [index, path] of paths.entries()) {
    pages.push(await open(index === 0 ? page : await context.newPage(), path, call.destination))
  }
  for (const tab of pages) {
    await expect(tab.content, `${tab.path} shows its content`).toBeVisible()
    await expect(headerConnected(tab.page)).toBeVisible()
  }

  await sim?.stop()
  sim = null
  // A page that has what it read keeps it on screen; read again, it meets the outage. All at once: each page's
  // reads try a few times before they give up.
  await Promise.all(pages.map((tab) => tab.page.reload()))
  for (const tab of pages) {
    await expect(tab.error, `${tab.path} shows its error`).toBeVisible({ timeout: ERROR_WITHIN_MS })
  }
  for (const tab of pages) {
    await expect(headerDown(tab.page), `the header of ${tab.path} says the service is not usable`).toBeVisible({
      timeout: ERROR_WITHIN_MS,
    })
  }
  await pages[0]?.page.screenshot({ path: testInfo.outputPath('down-usage.png') })

  sim = await startOwnSimulator()
  const back = Date.now()
  for (const tab of pages) {
    const timeout = Math.max(1, BACK_WITHIN_MS - (Date.now() - back))
    await expect(tab.error, `${tab.path} no longer shows its error`).toHaveCount(0, { timeout })
    await expect(tab.content, `${tab.path} shows its content again`).toBeVisible({ timeout })
    await expect(retry(tab.page)).toHaveCount(0)
    await expect(headerConnected(tab.page)).toBeVisible()
    await expect(headerDown(tab.page)).toHaveCount(0)
    testInfo.annotations.push({ type: 'back', description: `${tab.path} after ${Date.now() - back} ms` })
    await tab.page.screenshot({ path: testInfo.outputPath(`back-${tab.path.replaceAll('/', '_')}.png`) })
  }
})
