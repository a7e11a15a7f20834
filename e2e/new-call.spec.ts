// Support staff place calls from the New call form: the number as they type it,
// recording on, a ticket number in metadata; exactly one call per submission.

import { randomUUID } from 'node:crypto'
import type { CallDetail, CreateCallResponse, ListCallsResponse } from '../server/simulator/contract/schemas'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/api/contract/console-schemas'
import { holdAnswer, holdChunk } from './support/hold-answer'
import { DEMO_KEY, E2E_PASSWORD, e2eUser, origin, ports, urls } from './support/servers'
import { type APIRequestContext, expect, type Page, signedInAs, signedOut, test } from './support/test'

// A support's work: signed in as support.
test.use(signedInAs('support'))

const SIMULATOR = `${origin(ports.sim)}/api/v1/voice`

/** Calls created since `since` whose metadata carries `run`, read straight from the simulator with the Acme key. */
async function callsOfRun(request: APIRequestContext, since: string, run: string): Promise<CallDetail[]> {
  const headers = { Authorization: `Bearer ${DEMO_KEY}` }
  const list = await request.get(`${SIMULATOR}/calls`, { headers, params: { from_date: since, limit: 100 } })
  expect(list.ok()).toBe(true)
  const { calls } = (await list.json()) as ListCallsResponse
  const details = await Promise.all(
    calls.map(async (call) => (await request.get(`${SIMULATOR}/calls/${call.call_id}`, { headers })).json()),
  )
  return (details as CallDetail[]).filter((call) => call.metadata.run === run)
}

/** Every POST /calls the page sends, with its Idempotency-Key. */
function watchCallPosts(page: Page): string[] {
  const keys: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/voice/calls') {
      keys.push(request.headers()['idempotency-key'] ?? '')
    }
  })
  return keys
}

async function fillForm(page: Page, destination: string, run: string) {
  await page.goto('/calls/new')
  await expect(page).toHaveTitle(/New call/)
  await expect(page.getByLabel('Caller ID')).toHaveValue(/^\+\d+$/)
  await page.getByLabel('Destination').fill(destination)
  await page.getByRole('button', { name: 'Add metadata' }).click()
  await expect(page.getByLabel('Key 1')).toBeFocused()
  await page.getByLabel('Key 1').fill('run')
  await page.getByLabel('Value 1').fill(run)
}

test('places a recorded call from a typed number and watches it complete', async ({ page, request }) => {
  const since = new Date(Date.now() - 60_000).toISOString()
  const run = randomUUID()
  const keys = watchCallPosts(page)
  await page.goto('/calls/new')
  // The way a person types it, with the country select.
  await page.getByLabel('Destination').fill('(415) 555-0100')
  await expect(page.getByText('Will dial +1 415 555 0100')).toBeVisible()
  await page.getByLabel('Country').selectOption('GB')
  await page.getByLabel('Destination').fill('020 7183 8750')
  await expect(page.getByText('Will dial +44 20 7183 8750')).toBeVisible()

  await fillForm(page, '+15005550006', run)
  await expect(page.getByText('Will dial +1 500 555 0006')).toBeVisible()
  await page.getByLabel('Record call').check()
  await page.getByRole('button', { name: 'Place call' }).click()

  await expect(page).toHaveURL(/\/calls\/call_[^/]+$/)
  // The form is gone: focus goes to the call's heading, where a screen reader starts reading.
  await expect(page.getByRole('heading', { level: 1, name: /^Call to / })).toBeFocused()
  // A marker on window survives only if the page never reloads.
  await page.evaluate(() => Object.assign(window, { e2eMarker: true }))
  await expect(page.getByText('Call status: Completed')).toBeAttached({ timeout: 30_000 })
  expect(await page.evaluate(() => 'e2eMarker' in window)).toBe(true)
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible()

  expect(keys).toHaveLength(1)
  const calls = await callsOfRun(request, since, run)
  expect(calls).toHaveLength(1)
  expect(calls[0]).toMatchObject({ destination: '+15005550006', status: 'DIALER_COMPLETED', metadata: { run } })
  expect(page.url()).toContain(calls[0]?.call_id)
})

test('a call that rings and then fails ends as failed', async ({ page }) => {
  await fillForm(page, '+15005550002', randomUUID())
  await page.getByRole('button', { name: 'Place call' }).click()
  await expect(page).toHaveURL(/\/calls\/call_/)
  await expect(page.getByText('Call status: Failed')).toBeAttached({ timeout: 30_000 })
  await expect(page.getByText('No recording: the call was not recorded or was not answered.')).toBeVisible()
})

test('a double-clicked Place call places exactly one call', async ({ page, request }) => {
  const since = new Date(Date.now() - 60_000).toISOString()
  const run = randomUUID()
  const keys = watchCallPosts(page)
  // A slow answer keeps the request in flight while the second click lands.
  await page.route('**/api/v1/voice/calls', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 800))
    await route.continue()
  })
  await fillForm(page, '+15005550006', run)
  const button = page.getByRole('button', { name: 'Place call' })
  await button.dblclick()
  await expect(page).toHaveURL(/\/calls\/call_/)

  expect(keys).toHaveLength(1)
  await expect.poll(async () => (await callsOfRun(request, since, run)).length).toBe(1)
})

// Failed once in CI (e2e/own-simulator/reload-while-placing.spec.ts): pressed on a loaded machine, Place call sent
// nothing. The button then came in the checks' lazy chunk, in place of a fallback one: a press whose mouseup came
// after that swap reached no button. Here the chunk arrives between the press's mousedown and its mouseup.
test('Place call pressed while its checks load places the call', async ({ page, request }) => {
  const since = new Date(Date.now() - 60_000).toISOString()
  const run = randomUUID()
  const keys = watchCallPosts(page)
  const release = await holdChunk(page, 'placement-block-reason')
  await fillForm(page, '+15005550006', run)
  // The caller-ID advice comes with the console's answer, above Place call: the button is where it stays after it.
  await expect(page.getByRole('status').filter({ hasText: /^(Calling from|Suggested caller ID:)/ })).toBeVisible()
  const box = await page.getByRole('button', { name: 'Place call' }).boundingBox()
  if (!box) throw new Error('Place call is not on the page')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  // The checks ask the console about the number once their chunk has run.
  const checked = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/do-not-call'))
  release()
  await checked
  await page.mouse.up()

  await expect(page).toHaveURL(/\/calls\/call_[^/]+$/)
  expect(keys).toHaveLength(1)
  await expect.poll(async () => (await callsOfRun(request, since, run)).length).toBe(1)
})

// The caller-ID advice comes with the console's answer, between Destination and Record call. It used to come into the
// page then, pushing Record call and Place call down under a pointer aimed at them: a WebKit journey at load 25
// clicked beside Record call and placed an unrecorded call (2026-12-07). It holds its place from the typed number on.
test('the caller-ID advice arrives in its place: Record call and Place call stay where they were', async ({
  page,
}, testInfo) => {
  const release = await holdAnswer(page, /\/caller-id-suggestion\?/)
  await page.goto('/calls/new')
  await expect(page.getByLabel('Caller ID')).toHaveValue(/^\+\d+$/)
  await page.getByLabel('Destination').fill('+15005550006')
  await expect(page.getByRole('status').filter({ hasText: 'Finding a caller ID to suggest…' })).toBeVisible()
  const record = page.getByRole('checkbox', { name: 'Record call' })
  const place = page.getByRole('button', { name: 'Place call' })
  const before = [await record.boundingBox(), await place.boundingBox()]
  await page.screenshot({ path: testInfo.outputPath('advice-pending.png') })

  release()
  await expect(
    page.getByRole('status').filter({ hasText: /^(Calling from|Suggested caller ID:|No caller ID)/ }),
  ).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('advice-arrived.png') })
  expect([await record.boundingBox(), await place.boundingBox()]).toEqual(before)
})

test('on a slow network, a call whose answer is lost is retried with the same key and placed once', async ({
  page,
  request,
}) => {
  const since = new Date(Date.now() - 60_000).toISOString()
  const run = randomUUID()
  const keys = watchCallPosts(page)
  // A slow mobile link: the page's requests pay 400 ms and share a narrow pipe. (The first POST is
  // sent on by the test from Node so it can be lost after the fact; the retry crosses the slow link.)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (1_600_000 / 8) * 0.9,
    uploadThroughput: (750_000 / 8) * 0.9,
  })
  // The first POST reaches the service and creates the call, then the connection drops before
  // the answer arrives: the page cannot know the call exists, and must retry without placing another.
  let lost: { status: number; call: CreateCallResponse } | undefined
  await page.route('**/api/v1/voice/calls', async (route) => {
    if (route.request().method() !== 'POST' || lost) return route.fallback()
    const response = await route.fetch()
    lost = { status: response.status(), call: (await response.json()) as CreateCallResponse }
    return route.abort('connectionreset')
  })
  const retried = page.waitForResponse(
    (res) => res.url().endsWith('/api/v1/voice/calls') && res.request().method() === 'POST',
  )
  await fillForm(page, '+15005550006', run)
  await page.getByRole('button', { name: 'Place call' }).click()
  await expect(page).toHaveURL(/\/calls\/call_/, { timeout: 30_000 })
  const retry = (await retried).request().timing()
  expect(retry.responseStart, 'the retry crossed the throttled link').toBeGreaterThanOrEqual(400)

  expect(lost?.status, 'the first attempt created the call').toBe(201)
  expect(keys).toHaveLength(2)
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
  expect(keys[1]).toBe(keys[0])
  const calls = await callsOfRun(request, since, run)
  expect(calls).toHaveLength(1)
  expect(calls[0]?.call_id).toBe(lost?.call.call_id)
  expect(page.url()).toContain(lost?.call.call_id)
})

test('an invalid destination is explained and nothing is sent', async ({ page }) => {
  const keys = watchCallPosts(page)
  await page.goto('/calls/new')
  const destination = page.getByLabel('Destination')
  await destination.fill('123')
  await page.getByRole('button', { name: 'Place call' }).click()

  await expect(destination).toHaveAttribute('aria-invalid', 'true')
  await expect(destination).toBeFocused()
  await expect(page.getByText('This is not a valid number for United States.')).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('Fix the marked fields')
  // The typed value stays, and nothing reached the API.
  await expect(destination).toHaveValue('123')
  expect(keys).toEqual([])
})

test('each "Add metadata" puts the focus in the new key field', async ({ page }) => {
  await page.goto('/calls/new')
  await page.getByRole('button', { name: 'Add metadata' }).click()
  await expect(page.getByLabel('Key 1')).toBeFocused()
  await page.keyboard.type('ticket')
  await page.getByRole('button', { name: 'Add metadata' }).click()
  await expect(page.getByLabel('Key 2')).toBeFocused()
  await expect(page.getByLabel('Key 1')).toHaveValue('ticket')
})

test('caller IDs are shown in the one phone format', async ({ page }) => {
  await page.goto('/calls/new')
  const callerId = page.getByLabel('Caller ID')
  await expect(callerId).toHaveValue(/^\+\d+$/)
  await expect(callerId.locator('option').first()).toHaveText(/^\+\d{1,3}( \d+)+ · /)
})

test('the form checks what a form needs before sending; the service’s own metadata limits come back on the field', async ({
  page,
}) => {
  const keys = watchCallPosts(page)
  await page.goto('/calls/new')
  await page.getByLabel('Destination').fill('+15005550006')
  await page.getByRole('button', { name: 'Add metadata' }).click()
  await page.getByRole('button', { name: 'Add metadata' }).click()
  await page.getByLabel('Key 1').fill('ticket')
  await page.getByLabel('Key 2').fill('ticket')
  await expect(page.getByLabel('Key 2')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('The key “ticket” is used more than once.').first()).toBeVisible()
  await page.getByRole('button', { name: 'Remove metadata row 2' }).click()
  await page.getByLabel('Key 1').fill('')
  await page.getByLabel('Value 1').fill('orphan value')
  await page.getByRole('button', { name: 'Place call' }).click()
  await expect(page.getByText('Enter a key for this value, or remove the row.')).toBeVisible()
  expect(keys).toEqual([])
  // The spec sets no limit on metadata; the simulator does (40-character keys), and its answer says so.
  await page.getByLabel('Key 1').fill('k'.repeat(41))
  await page.getByRole('button', { name: 'Place call' }).click()
  await expect(page.getByRole('group', { name: 'Metadata' })).toHaveAccessibleDescription(/Metadata must be an object/)
  expect(keys).toHaveLength(1)
})

test('the service’s field errors appear next to their fields and the form is kept', async ({ page }) => {
  // The simulator only offers verified caller IDs here, so its rejection is staged.
  await page.route('**/api/v1/voice/calls', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'The caller ID is not verified.',
            errors: [{ field: 'caller_id', message: '+14155550100 is not a verified caller ID of this account.' }],
          }),
        })
      : route.continue(),
  )
  await fillForm(page, '+15005550006', 'kept')
  await page.getByRole('button', { name: 'Place call' }).click()
  const callerId = page.getByLabel('Caller ID')
  await expect(callerId).toHaveAttribute('aria-invalid', 'true')
  await expect(callerId).toHaveAccessibleDescription(/is not a verified caller ID of this account/)
  await expect(page.getByRole('alert')).toContainText('The call was not placed')
  await expect(page.getByLabel('Destination')).toHaveValue('+15005550006')
  await expect(page.getByLabel('Value 1')).toHaveValue('kept')
})

async function signInAsSupport(page: Page) {
  await page.getByLabel('Email').fill(e2eUser('support'))
  await page.getByLabel('Password').fill(E2E_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

test.describe('with a session of its own', () => {
  // This journey ends its session: the shared one of the other specs must live on.
  test.use(signedOut)

  test('a session that ends while typing leads to sign-in, and the typed form is still there afterwards', async ({
    page,
    browser,
  }) => {
    await page.goto('/sign-in')
    await signInAsSupport(page)
    await expect(page.getByRole('region', { name: 'Signed in' })).toBeVisible()
    // New call asks the console about the number once typing settles (do-not-call list, calling hours, recording).
    // Asked after the session ended, that question alone would lead to sign-in before the press this journey is about.
    const checked = Promise.all(
      ['/api/console/do-not-call?', '/api/console/calling-hours?', '/api/console/recording-notice?'].map((path) =>
        page.waitForResponse((response) => response.url().includes(path)),
      ),
    )
    await fillForm(page, '+15005550004', 'after-sign-in')
    await page.getByLabel('Record call').check()
    await checked
    // The session ends on the server (signed out elsewhere), while this tab still shows the form.
    const elsewhere = await browser.newContext({ storageState: await page.context().storageState() })
    await elsewhere.request.post(`${urls.app}/api/console/sign-out`, { headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE } })
    await elsewhere.close()
    // The tab finds out at its next request: the press, or one of the page's own (the live stream reconnecting, a
    // poll) when it comes first, as it did once in CI (stop 57). Either way it ends on sign-in with the form kept.
    await page
      .getByRole('button', { name: 'Place call' })
      .click({ timeout: 10_000 })
      .catch(() => {})

    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fcalls%2Fnew/)
    await signInAsSupport(page)
    await expect(page.getByLabel('Destination')).toHaveValue('+15005550004')
    await expect(page.getByLabel('Record call')).toBeChecked()
    await expect(page.getByLabel('Value 1')).toHaveValue('after-sign-in')
    await page.getByRole('button', { name: 'Place call' }).click()
    await expect(page).toHaveURL(/\/calls\/call_/)
  })
})
