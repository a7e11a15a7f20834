// One person with a dozen tabs of the console open in one browser: every tab loads, and the browser
// holds one event stream between them (a browser allows six connections to one origin over HTTP/1.1;
// a stream per tab would take them all). Against the `npm start` servers, at real speed, so a call
// stays in flight for seconds.
import { type BrowserContext, expect, type Page, type Request, test } from '@playwright/test'
import { DEMO_PASSWORD } from '../server/console/demo-users'
import type { SessionResponse } from '../src/api/contract/console-schemas'
import type { LiveStreamStats } from '../src/api/contract/live-schemas'
import { NUMBERS } from './support/api'
import { placeBehindTheConsole } from './support/live-call'
import { urls } from './support/servers'

test.use({ storageState: { cookies: [], origins: [] } })

const isStream = (request: Request) => new URL(request.url()).pathname === '/api/console/events'

/**
 * The browser's requests to the event stream under way: the most at once, how long two were open
 * together at the longest, and the page of the latest. Two overlap only at a handover: a tab that
 * heard no beat for 1.5 s (its leader frozen, or only busy on loaded cores) takes the lock and opens
 * the stream, and a leader that was only busy closes its own as soon as it runs again.
 */
function watchStreams(context: BrowserContext) {
  const open = new Set<Request>()
  const seen = { most: 0, total: 0, longestOverlapMs: 0, latest: null as Page | null, log: [] as string[] }
  let overlapSince: number | null = null
  const note = () => {
    seen.most = Math.max(seen.most, open.size)
    if (open.size > 1) overlapSince ??= Date.now()
    else if (overlapSince !== null) {
      seen.longestOverlapMs = Math.max(seen.longestOverlapMs, Date.now() - overlapSince)
      overlapSince = null
    }
  }
  const done = (request: Request) => {
    open.delete(request)
    note()
  }
  context.on('request', (request) => {
    if (!isStream(request)) return
    const page = request.frame().page()
    // A tab opening its stream again (it watches other calls now) closed the old one first, though the
    // browser may report that after the new request.
    for (const earlier of open) if (earlier.frame().page() === page) open.delete(earlier)
    open.add(request)
    seen.log.push(`${new Date().toISOString()} ${page.url()} ${request.url()}`)
    seen.total += 1
    seen.latest = page
    note()
  })
  context.on('requestfinished', done)
  context.on('requestfailed', done)
  // A closed page's stream ends with it, whether or not its request reports so.
  context.on('page', (page) =>
    page.on('close', () => {
      for (const request of open) if (request.frame().page() === page) open.delete(request)
      note()
    }),
  )
  return {
    seen,
    /** At most one stream, but for a handover's moment: never two for longer than the old leader's stall. */
    async expectOne() {
      const report = () => `${seen.log.join('\n')}\nlongest overlap ${seen.longestOverlapMs} ms`
      // A handover under way now ends within the same bound.
      await expect.poll(() => overlapSince, { message: report(), timeout: 3_000 }).toBeNull()
      expect(seen.most, report()).toBeLessThanOrEqual(2)
      expect(seen.longestOverlapMs, report()).toBeLessThan(3_000)
    },
  }
}

const inFlightRow = (page: Page, callId: string) =>
  page
    .getByRole('table', { name: 'Calls in flight, newest first' })
    .getByRole('row')
    .filter({ has: page.locator(`a[href="/calls/${callId}"]`) })

test('twelve tabs share one event stream, and another tab takes it over when its tab closes', async ({ context }) => {
  test.slow()
  const streams = watchStreams(context)
  const first = await context.newPage()
  await first.goto(`${urls.demoApp}/sign-in`)
  await first.getByLabel('Email').fill('admin@demo.test')
  await first.getByLabel('Password').fill(DEMO_PASSWORD)
  await first.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(first.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible()
  await expect(first.getByText('Live updates', { exact: true })).toBeVisible()

  // In flight for a while (it rings, then talks 10 s to 4 min): its page watches it by id.
  const ringing = await placeBehindTheConsole(NUMBERS.answers)
  // Its page first, while it is most likely still in flight.
  const pages: [string, RegExp | string][] = [
    [`/calls/${ringing.call_id}`, /^Call to /],
    ['/live', 'Live calls'],
    ['/caller-ids', 'Caller IDs'],
    ['/calls', 'Calls'],
  ]
  const tabs = [first]
  for (let n = 0; n < 10; n++) {
    const [path, heading] = pages[n % pages.length] as [string, RegExp | string]
    const tab = await context.newPage()
    await tab.goto(`${urls.demoApp}${path}`)
    await expect(tab.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    // The call page is live too, though the call may not be on the board: it is watched by id. A call
    // may talk for only 10 s, and on busy cores it can end before its page is up: an ended call is
    // not watched, and its page says how it ended instead.
    if (n === 0)
      await expect(
        tab
          .getByText('Live updates', { exact: true })
          .or(tab.getByRole('status', { name: /^Call status: (Completed|Failed)$/ })),
      ).toBeVisible()
    tabs.push(tab)
  }
  const placing = await context.newPage()
  await placing.goto(`${urls.demoApp}/calls/new`)
  await expect(placing.getByRole('heading', { level: 1, name: 'New call' })).toBeVisible()
  tabs.push(placing)
  expect(tabs).toHaveLength(12)

  // The first tab is not starved of connections: it moves to another page at once. (A second or two
  // on a quiet machine; 5 s allows for twelve tabs on two busy cores. With a stream per tab, never.)
  await first.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Live', exact: true }).click()
  await expect(first.getByRole('heading', { level: 1, name: 'Live calls' })).toBeVisible({ timeout: 5_000 })

  // A call placed in the twelfth tab shows live in the first.
  await expect(placing.getByLabel('Caller ID')).toHaveValue(/^\+\d+$/)
  await placing.getByLabel('Destination').fill(NUMBERS.fails)
  await placing.getByRole('button', { name: 'Place call' }).click()
  await expect(placing.getByRole('heading', { level: 1, name: /^Call to / })).toBeVisible()
  const placed = placing.url().split('/').pop() ?? ''
  await expect(inFlightRow(first, placed)).toBeVisible({ timeout: 10_000 })

  // The console counts one stream for this person, and the browser held one, two only for a handover's moment.
  const session = (await (await first.request.get(`${urls.demoApp}/api/console/session`)).json()) as SessionResponse
  const mine = async () => {
    const stats = (await (
      await first.request.get(`${urls.demoApp}/api/console/events/stats`)
    ).json()) as LiveStreamStats
    return stats.people.find((person) => person.person === session.user.id)?.streams ?? 0
  }
  await expect.poll(mine).toBe(1)
  await streams.expectOne()

  // The tab holding the stream closes; another takes it over, and a later call still shows live.
  const holder = streams.seen.latest
  expect(holder).not.toBeNull()
  const requestsBefore = streams.seen.total
  await holder?.close()
  // Another tab opens the stream (within 2 s of the close on a quiet machine; 5 s allows for busy cores).
  await expect
    .poll(() => streams.seen.total > requestsBefore && streams.seen.latest !== holder, { timeout: 5_000 })
    .toBe(true)
  const board = tabs.find((tab) => !tab.isClosed() && new URL(tab.url()).pathname === '/live')
  const later = await placeBehindTheConsole(NUMBERS.fails)
  if (!board) throw new Error('no board left open')
  await expect(inFlightRow(board, later.call_id)).toBeVisible({ timeout: 10_000 })
  await expect(board.getByText('Live updates', { exact: true })).toBeVisible()
  await expect.poll(mine).toBe(1)
  await streams.expectOne()
  // For the report: the connections to the stream this browser held at most, with twelve tabs open.
  test.info().annotations.push({ type: 'most concurrent event streams', description: String(streams.seen.most) })
})
