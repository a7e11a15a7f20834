// The console in front of Stoplight Prism serving openapi.json in dynamic mode: every answer is made up
// from the schemas (random strings for statuses and dates, huge numbers, odd cursors), as a voice service
// we did not write might send within the contract. The values change on every request, so this journey
// asserts no data, only that every page ends in something a person can read.
import { expect, type Locator, type Page, test } from '@playwright/test'

/** How long a page may show its loading state before it counts as an endless skeleton. */
const SETTLE_MS = 10_000

/** What went wrong on one page, beyond what the page shows. */
interface Trouble {
  pageErrors: string[]
  serverErrors: string[]
}

function watch(page: Page): Trouble {
  const trouble: Trouble = { pageErrors: [], serverErrors: [] }
  page.on('pageerror', (error) => trouble.pageErrors.push(`${page.url()}: ${error.message}`))
  // Any 5xx from the console counts, even a 502/504 that names the upstream: Prism always answers at once.
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && response.status() >= 500) {
      const detail = await response.text().catch(() => '(no body)')
      trouble.serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}: ${detail}`)
    }
  })
  return trouble
}

/** The page shows a heading or an error in words, leaves no skeleton, and never the catch-all failure. */
async function expectSettled(page: Page, trouble: Trouble): Promise<void> {
  const main = page.locator('main')
  await expect.soft(main.getByRole('heading', { level: 1 }).or(main.getByRole('alert')).first()).toBeVisible({
    timeout: SETTLE_MS,
  })
  // The Skeleton component's placeholders, and regions that say they are still loading.
  await expect
    .soft(main.locator('div.animate-pulse[aria-hidden="true"], [aria-busy="true"]'), 'no skeleton left')
    .toHaveCount(0, { timeout: SETTLE_MS })
  // Prism answers every request with a success the contract allows: an error shown is an answer refused.
  const alerts = main.getByRole('alert')
  expect.soft(await alerts.allInnerTexts(), 'no error shown for an answer the contract allows').toEqual([])
  await expect.soft(page.getByText('Something went wrong')).toHaveCount(0)
  await expect.soft(page.getByText('The dashboard ran into a problem')).toHaveCount(0)
  // An empty page of a list that goes on is not an empty account.
  const next = main.getByRole('navigation', { name: 'Pages of calls' }).getByRole('link', { name: 'Next' })
  if (await offersNext(next)) {
    await expect.soft(main.getByText('No calls yet'), '"No calls yet" beside a next page').toHaveCount(0)
  }
  expect.soft((await main.innerText()).trim(), 'main is not blank').not.toBe('')
  expect.soft(trouble.pageErrors, 'no uncaught error in the page').toEqual([])
  expect.soft(trouble.serverErrors, 'no 5xx from the console').toEqual([])
  trouble.pageErrors.length = 0
  trouble.serverErrors.length = 0
}

/**
 * Whether a Next link is there and enabled, read once without waiting: a page being replaced (a row's call
 * opening) may drop the link between a count and a read, and a waiting read would then wait out the test.
 */
async function offersNext(next: Locator): Promise<boolean> {
  const states = await next.evaluateAll((links) => links.map((link) => link.getAttribute('aria-disabled')))
  return states.some((state) => state !== 'true')
}

const PAGES = ['/calls', '/live', '/calls/new', '/caller-ids', '/usage', '/users', '/audit']

test('every page settles on what Prism makes up', async ({ page }) => {
  const trouble = watch(page)
  for (const path of PAGES) {
    await test.step(path, async () => {
      await page.goto(path)
      await expectSettled(page, trouble)
    })
  }
})

test('calls open from the list', async ({ page }) => {
  const trouble = watch(page)
  // Every visit makes up a new list, empty now and then: each call is opened from a fresh one.
  const firstLink = page.getByRole('table', { name: /calls/i }).getByRole('row').getByRole('link').first()
  let opened = 0
  for (let visit = 0; visit < 8 && opened < 3; visit++) {
    await page.goto('/calls')
    await expectSettled(page, trouble)
    if ((await firstLink.count()) === 0) continue
    opened++
    await test.step(`call ${opened} from the list`, async () => {
      await firstLink.click()
      await expect(page).toHaveURL(/\/calls\/[^/?]+/)
      // The call page has replaced the list, so what is checked next is the call's.
      await expect(page.getByRole('navigation', { name: 'Pages of calls' })).toHaveCount(0)
      await expectSettled(page, trouble)
    })
  }
  expect.soft(opened, 'calls opened from the list').toBe(3)
})

test('a call opens by a made-up id', async ({ page }) => {
  const trouble = watch(page)
  await page.goto('/calls/call_anything')
  await expectSettled(page, trouble)
})

test('the list pages on', async ({ page }) => {
  const trouble = watch(page)
  const next = page.getByRole('navigation', { name: 'Pages of calls' }).getByRole('link', { name: 'Next' })
  const hasNext = () => offersNext(next)
  // A made-up first page is the last about 4 times in 10: ten fresh visits all but surely find one that goes on.
  for (let visit = 0; visit < 10; visit++) {
    await page.goto('/calls')
    await expectSettled(page, trouble)
    if (await hasNext()) break
  }
  let paged = 0
  while (paged < 2 && (await hasNext())) {
    await next.click()
    await expect(page).toHaveURL(/cursor=/)
    await expectSettled(page, trouble)
    paged++
  }
  if (paged === 0) {
    // Prism made up only last pages this time (it has, ten in a row, on a loaded machine): a page of the
    // API's list by a cursor Prism never wrote, as a bookmark would ask, must settle all the same.
    await page.goto(`/calls?cursor=${encodeURIComponent('api:made up/+&#?')}`)
    await expectSettled(page, trouble)
  }
})
