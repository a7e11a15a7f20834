// Click-to-call from any tool (issue 51, items 4 and 5): a link from a CRM or a ticket opens New call filled in
// and places nothing until Place call is pressed, even across a reload; a `tel:` link the browser hands over fills
// the destination; New call suggests the caller ID for the destination and says why; and it warns, without
// blocking, when the chosen caller ID is flagged "answered less than usual".
import { randomInt, randomUUID } from 'node:crypto'
import { DEMO_PASSWORD } from '../server/console/demo-users'
import { formatPhone } from './support/phone'
import { urls } from './support/servers'
import { expect, type Page, signedInAs, signedOut, test } from './support/test'

const SAN_FRANCISCO = '+14155550100'
const NEW_YORK = '+12125550142'
// The demo account's poorly answered caller ID (server/simulator/db/seed.ts).
const POORLY_ANSWERED = '+13125550177'

/** Every POST /calls the page sends. */
function watchCallPosts(page: Page): string[] {
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/voice/calls')
      posts.push(request.url())
  })
  return posts
}

/** A number of Washington's fictional range that no other journey calls, so its last caller ID is this test's. */
const freshDestination = () => `+1202555${String(randomInt(100, 199)).padStart(4, '0')}`

test.describe('as support', () => {
  test.use(signedInAs('support'))

  test('a link opens a filled form and places nothing until Place call is pressed, reload or not', async ({ page }) => {
    const posts = watchCallPosts(page)
    const run = randomUUID()
    const destination = freshDestination()
    const link = `/calls/new?to=${encodeURIComponent(destination)}&caller_id=%2B1%20(212)%20555-0142&record=1&meta.ticket=SUP-1043&meta.run=${run}`
    await page.goto(link)
    await expect(page.getByText('Filled in from a link')).toBeVisible()
    await expect(page.getByLabel('Destination')).toHaveValue(destination)
    await expect(page.getByLabel('Caller ID')).toHaveValue(NEW_YORK)
    await expect(page.getByLabel('Record call')).toBeChecked()
    await expect(page.getByLabel('Key 1')).toHaveValue('ticket')
    await expect(page.getByLabel('Value 1')).toHaveValue('SUP-1043')
    await expect(page.getByLabel('Key 2')).toHaveValue('run')
    // The console had time to do anything it would do on its own; it placed nothing, nor after a reload.
    await page.reload()
    await expect(page.getByLabel('Value 2')).toHaveValue(run)
    expect(posts).toEqual([])

    await page.getByRole('button', { name: 'Place call' }).click()
    await expect(page).toHaveURL(/\/calls\/call_[^/]+$/)
    expect(posts).toHaveLength(1)

    // The same number again: its last caller ID is suggested, with the day it was used.
    await page.goto(`/calls/new?to=${encodeURIComponent(destination)}&caller_id=%2B14155550100`)
    const suggestion = page.getByRole('status').filter({ hasText: 'Last used for this number on' })
    await expect(suggestion).toContainText(formatPhone(NEW_YORK))
    await expect(page.getByLabel('Caller ID')).toHaveValue(SAN_FRANCISCO)
    await suggestion.getByRole('button', { name: `Use ${formatPhone(NEW_YORK)}` }).click()
    await expect(page.getByLabel('Caller ID')).toHaveValue(NEW_YORK)
    await expect(suggestion).toContainText(`Calling from ${formatPhone(NEW_YORK)}`)
    expect(posts).toHaveLength(1)
  })

  test('a filled link reloaded while its call is being placed sends the same key again, not a second call', async ({
    page,
  }) => {
    const keys: string[] = []
    // The first placement's answer never comes back to this page: the person reloads while it is on its way.
    await page.route('**/api/v1/voice/calls', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      if (keys.length > 1) return route.continue()
    })
    const destination = freshDestination()
    await page.goto(`/calls/new?to=${encodeURIComponent(destination)}&meta.ticket=SUP-7`)
    await expect(page.getByLabel('Destination')).toHaveValue(destination)
    await page.getByRole('button', { name: 'Place call' }).click()
    await expect.poll(() => keys.length).toBe(1)
    await page.reload()

    await expect(page.getByText(/^The page was reloaded while a call to .* was being placed/)).toContainText(
      formatPhone(destination),
    )
    await expect(page.getByLabel('Value 1')).toHaveValue('SUP-7')
    await page.getByRole('button', { name: 'Place call' }).click()
    const placed = page.getByRole('status').filter({ hasText: /^A call to / })
    await expect(placed).toContainText(`A call to ${formatPhone(destination)} was placed`)
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
  })

  test('a tel: link the browser hands over fills the destination, and the local caller ID is suggested', async ({
    page,
  }) => {
    const posts = watchCallPosts(page)
    // As a browser sends a registered handler a click on tel:+1-415-555-0199;ext=12 (the whole link, encoded).
    await page.goto(`/calls/new?tel=${encodeURIComponent('tel:+1-415-555-0199;ext=12')}&caller_id=%2B12125550142`)
    await expect(page.getByText('Filled in from a link')).toBeVisible()
    await expect(page.getByLabel('Destination')).toHaveValue('+14155550199')
    const suggestion = page.getByRole('status').filter({ hasText: 'Same area code as the destination' })
    await expect(suggestion).toContainText(`Suggested caller ID: ${formatPhone(SAN_FRANCISCO)}`)
    // Suggested, not chosen for the person.
    await expect(page.getByLabel('Caller ID')).toHaveValue(NEW_YORK)
    await suggestion.getByRole('button', { name: `Use ${formatPhone(SAN_FRANCISCO)}` }).click()
    await expect(page.getByLabel('Caller ID')).toHaveValue(SAN_FRANCISCO)
    expect(posts).toEqual([])
  })

  test('a link with a number that is not one shows it in the field with its error, and sends nothing', async ({
    page,
  }) => {
    const posts = watchCallPosts(page)
    await page.goto('/calls/new?to=%2B1%20415%20555%20010')
    await expect(page.getByLabel('Destination')).toHaveValue('+1 415 555 010')
    await expect(page.getByText(/This is not a valid/)).toBeVisible()
    await page.getByRole('button', { name: 'Place call' }).click()
    await expect(page.getByLabel('Destination')).toBeFocused()
    expect(posts).toEqual([])
  })

  test('the console offers to open phone links, where the browser can', async ({ page }) => {
    await page.addInitScript(() => {
      // Chromium asks the person in its own UI; the journey records the request instead.
      Object.assign(window, { registered: [] as string[][] })
      navigator.registerProtocolHandler = (scheme: string, url: string) => {
        ;(window as unknown as { registered: string[][] }).registered.push([scheme, url])
      }
    })
    await page.goto('/calls/new')
    await page.getByRole('button', { name: 'Open phone links here' }).click()
    await expect(page.getByText(/Your browser asks you to allow it/)).toBeVisible()
    const registered = await page.evaluate(() => (window as unknown as { registered: string[][] }).registered)
    expect(registered).toEqual([['tel', `${new URL(page.url()).origin}/calls/new?tel=%s`]])
  })
})

test.describe('on the demo account', () => {
  test.use(signedOut)

  test('warns, without blocking, that the chosen caller ID is answered less than usual', async ({ page }) => {
    await page.goto(`${urls.demoApp}/sign-in`)
    await page.getByLabel('Email').fill('support@demo.test')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).not.toHaveURL(/sign-in/)
    const posts = watchCallPosts(page)
    // The console's index lists the seeded calls within seconds of its start: open the link again until it has.
    await expect(async () => {
      await page.goto(`${urls.demoApp}/calls/new?caller_id=${encodeURIComponent(POORLY_ANSWERED)}&to=%2B15005550006`)
      await expect(page.getByText('Answered less than usual')).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 60_000 })
    await expect(page.getByText(/Answered \d+% of its last \d+ ended calls, against/)).toBeVisible()
    await expect(page.getByText(/you can still place the call/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Place call' })).toBeEnabled()
    // Another caller ID, and the warning goes.
    await page.getByLabel('Caller ID').selectOption(SAN_FRANCISCO)
    await expect(page.getByText('Answered less than usual')).toHaveCount(0)
    expect(posts).toEqual([])
  })
})
