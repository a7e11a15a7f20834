// Live operations: the board, the toasts and the polling fallback, in Chromium. The board's specs
// use the `npm start` servers, whose simulator runs at real speed, so a call stays in flight for
// seconds, long enough for the console's hub to find one placed behind its back.
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { DEMO_PASSWORD } from '../server/console/demo-users'
import { NUMBERS, placeCall } from './support/api'
import { axeViolations } from './support/axe'
import { EVENT_STREAM, placeBehindTheConsole } from './support/live-call'
import { formatPhone } from './support/phone'
import { urls } from './support/servers'

async function signInToDemo(page: Page, email: string) {
  await page.goto(`${urls.demoApp}/sign-in`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).not.toHaveURL(/sign-in/)
}

const rowOf = (page: Page, table: string, callId: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.locator(`a[href="/calls/${callId}"]`) })

test.describe('the live board', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test('a call placed through the API directly appears without a reload and moves to Just ended', {
    tag: '@waits',
  }, async ({ page }) => {
    await signInToDemo(page, 'manager@demo.test')
    await page.goto(`${urls.demoApp}/live`)
    await expect(page.getByRole('heading', { level: 1, name: 'Live calls' })).toBeVisible()
    await expect(page.getByText('Live updates', { exact: true })).toBeVisible()

    // Rings 8 to 15 s, then fails: in flight long enough to be found, and it ends within the test.
    const call = await placeBehindTheConsole(NUMBERS.fails)
    const inFlight = rowOf(page, 'Calls in flight, newest first', call.call_id)
    await expect(inFlight).toBeVisible({ timeout: 5_000 })
    await expect(inFlight).toContainText(formatPhone(NUMBERS.fails))
    await expect(inFlight).toContainText('API')
    await expect(page.getByRole('definition').first()).not.toHaveText('0')

    const ended = rowOf(page, 'Calls that just ended, newest first', call.call_id)
    await expect(ended).toContainText('Failed', { timeout: 30_000 })
    await expect(inFlight).toHaveCount(0)
  })

  test('the filters are kept in the URL, and wall mode hides the navigation', async ({ page }) => {
    await signInToDemo(page, 'support@demo.test')
    await page.goto(`${urls.demoApp}/live`)
    await page.getByRole('radio', { name: 'Mine' }).check()
    await expect(page).toHaveURL(/who=mine/)
    await page.reload()
    await expect(page.getByRole('radio', { name: 'Mine' })).toBeChecked()

    await page.getByRole('link', { name: 'Wall mode' }).click()
    await expect(page).toHaveURL(/wall=true/)
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(page).toHaveURL(/who=mine/)
  })
})

test.describe('notifications', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  /** Counts the browser notifications every tab of the context shows, in one list the test reads. */
  async function countNotifications(context: BrowserContext) {
    const shown: string[] = []
    await context.exposeBinding('recordNotification', (_source, title: string) => shown.push(title))
    await context.addInitScript(() => {
      const record = (window as unknown as { recordNotification(title: string): void }).recordNotification
      class RecordedNotification {
        static permission = 'granted'
        static requestPermission = async () => 'granted'
        onclick: (() => void) | null = null
        constructor(title: string) {
          record(title)
        }
        close() {}
      }
      Object.defineProperty(window, 'Notification', { value: RecordedNotification })
    })
    return shown
  }

  test('a call placed in one tab is told of in another, and notified once for both tabs', { tag: '@waits' }, async ({
    context,
  }) => {
    // The call rings 8 to 15 s at real speed before it fails.
    test.slow()
    const shown = await countNotifications(context)
    const placing = await context.newPage()
    await signInToDemo(placing, 'support@demo.test')
    const other = await context.newPage()
    await other.goto(`${urls.demoApp}/caller-ids`)

    // Opt in from the header of one tab; the choice is the person's, in every tab.
    await other.getByRole('button', { name: /support@demo.test/ }).click()
    await other.getByRole('switch', { name: 'Browser notifications' }).click()
    await expect(other.getByRole('switch', { name: 'Browser notifications' })).toBeChecked()
    await other.keyboard.press('Escape')

    await placing.goto(`${urls.demoApp}/calls/new`)
    await expect(placing.getByLabel('Caller ID')).toHaveValue(/^\+\d+$/)
    await placing.getByLabel('Destination').fill(NUMBERS.fails)
    await placing.getByRole('button', { name: 'Place call' }).click()
    await expect(placing.getByRole('heading', { level: 1, name: /^Call to / })).toBeVisible()
    const callId = placing.url().split('/').pop()
    await placing.goto(`${urls.demoApp}/calls`)

    const title = `Call to ${formatPhone(NUMBERS.fails)} failed`
    const toast = other.getByRole('listitem').filter({ hasText: title })
    await expect(toast).toBeVisible({ timeout: 30_000 })
    // The tab that placed it says so too (toasts stay 10 s: looked at now, while both show).
    const placedToast = placing.getByRole('listitem').filter({ hasText: title })
    await expect(placedToast).toBeVisible()
    // Scrolled to the end of the list, its pager shows above the toasts, not under them: what is at Next's
    // corners is Next. Asked again while the toasts settle (they slide in, and calls of other specs come live).
    const next = placing.getByRole('navigation', { name: 'Pages of calls' }).getByText('Next')
    await expect(async () => {
      await placing.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const uncovered = await next.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const corners = [
          [box.left + 1, box.top + 1],
          [box.right - 1, box.top + 1],
          [box.left + 1, box.bottom - 1],
          [box.right - 1, box.bottom - 1],
        ]
        return corners.every(([x, y]) => {
          const shown = document.elementFromPoint(x ?? 0, y ?? 0)
          return shown !== null && (element.contains(shown) || shown.contains(element))
        })
      })
      expect(uncovered).toBe(true)
    }).toPass({ timeout: 5_000 })
    // A toast waits while the pointer is on it (as a person reading it); axe may take a while here.
    await toast.hover()
    expect(await axeViolations(other, { include: '[data-sonner-toaster]', tags: ['wcag2a', 'wcag2aa'] })).toEqual([])
    await toast.getByRole('link', { name: 'View call' }).click()
    await expect(other).toHaveURL(new RegExp(`/calls/${callId}$`))
    expect(shown).toEqual([title])
  })
})

test('with the event stream blocked, the call page still reaches Completed by polling', { tag: '@waits' }, async ({
  page,
  request,
}) => {
  let streamRequests = 0
  await page.route(EVENT_STREAM, (route) => {
    streamRequests += 1
    return route.abort()
  })
  await page.goto('/calls')
  await expect(page.getByText('Live updates unavailable: checking every few seconds')).toBeVisible({ timeout: 20_000 })
  expect(streamRequests).toBeGreaterThan(0)

  const call = await placeCall(request, { destination: NUMBERS.answers, metadata: { journey: 'no-stream' } })
  await page.goto(`/calls/${call.call_id}`)
  await expect(page.getByRole('status').filter({ hasText: 'Call status: Completed' })).toBeAttached({ timeout: 30_000 })
})
