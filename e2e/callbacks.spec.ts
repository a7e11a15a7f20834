// An agent's callback, from the call to the New call it reopens: asked for in 5 minutes on the call page (in the
// callee's time and the agent's), told once when it comes due (a toast in one tab of two), "Call back" opens New
// call through the agreed link, filled in, and the call placed from it closes the callback. A callback left open
// 15 minutes past its time shows in the managers' Overdue list until one of them deals with it.
//
// The console's clock is the real one (it decides what is due); the page's clock starts 5 minutes behind it plus a
// lead, so that "in 5 minutes" on the page is a few seconds ahead for the console, and moving the page's clock by
// 5 minutes brings the page to where the console will be: no wait of 5 minutes, and no date of today's in a check.
// The rest of the lead is not waited for either: once asked for, the callback's time is moved to the console's now.
import { randomInt } from 'node:crypto'
import { CALLBACK_METADATA_KEY, type Callback, OVERDUE_AFTER_MS } from '../src/api/contract/callback-schemas'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/api/contract/console-schemas'
import { placeCall } from './support/api'
import { axeViolations } from './support/axe'
import { backdateCallback } from './support/console-db'
import { signInAsNewPerson } from './support/people'
import { formatPhone } from './support/phone'
import { expect, type Page, signedInAs, signedOut, test } from './support/test'

/** How far ahead of the console the callback falls: longer than the steps from the clock's start to the ask. */
const LEAD_MS = 20_000
/** Chicago: the number tells the callee's zone. */
const CALLEE = '+13125550123'

test.use({ ...signedOut, timezoneId: 'Europe/Paris' })

test('an agent asks for a callback in 5 minutes; it comes due once, and Call back opens New call through the filled-in link', {
  tag: '@waits',
}, async ({ page, request }) => {
  test.setTimeout(120_000)
  await page.clock.install({ time: Date.now() - 5 * 60_000 + LEAD_MS })
  await signInAsNewPerson(page, 'support')
  const call = await placeCall(request, { destination: CALLEE, metadata: { ticket: 'T-51' } })

  await page.goto(`/calls/${call.call_id}`)
  const panel = page.getByRole('region', { name: 'Callback' })
  await panel.getByRole('button', { name: 'Ask for a callback' }).click()
  const form = panel.getByRole('form', { name: 'Ask for a callback' })
  await form.getByRole('button', { name: 'In 5 minutes' }).click()
  // Chicago is 7 hours behind Paris in winter and summer alike (both change their clocks, on other days).
  await expect(
    form.getByText(/^\w{3} \d\d:\d\d for them \(America\/Chicago\), (\w{3} )?\d\d:\d\d for you$/),
  ).toBeVisible()
  await expect(form.getByRole('radio', { name: 'Mine' })).toBeChecked()
  await form.getByRole('button', { name: 'Schedule callback' }).click()
  await expect(panel.getByRole('listitem', { name: /^Callback to / })).toContainText('Yours')

  // A second tab of the same person: of the two, one tells of it.
  const secondTab = await page.context().newPage()
  await secondTab.goto('/callbacks')
  await expect(secondTab.getByRole('region', { name: 'Coming up' }).getByRole('listitem')).toHaveCount(1)
  await expect(page.getByRole('link', { name: /due now/ })).toHaveCount(0)

  // The console would get to the callback's time within LEAD_MS of real time (12 to 20 s of the journey's 25 to 31):
  // it is brought to now instead, as the console's clock would find it then.
  const asked = await page.request.get(`/api/console/callbacks?call_id=${call.call_id}`)
  expect(asked.status(), await asked.text()).toBe(200)
  const [callback] = ((await asked.json()) as { callbacks: Callback[] }).callbacks
  if (!callback) throw new Error(`no callback of ${call.call_id}`)
  backdateCallback(callback.id, Date.now())
  await page.clock.fastForward('05:00')
  const toasts = (tab: typeof page) => tab.getByRole('status', { name: 'Callbacks due' }).getByText(/^Callback due:/)
  // The console says it is due now; each tab asks every 15 s of its clock.
  await expect(async () => {
    await page.clock.fastForward(15_000)
    await expect(page.getByRole('link', { name: '1 due now' })).toBeVisible({ timeout: 1_000 })
    await expect(secondTab.getByRole('link', { name: '1 due now' })).toBeVisible({ timeout: 1_000 })
    expect((await toasts(page).count()) + (await toasts(secondTab).count())).toBe(1)
  }).toPass({ timeout: 60_000 })
  await expect(secondTab.getByRole('region', { name: 'Due now' }).getByRole('listitem')).toHaveCount(1)

  const told = (await toasts(page).count()) === 1 ? page : secondTab
  await told.getByRole('status', { name: 'Callbacks due' }).getByRole('link', { name: 'Call back' }).click()
  await expect(told).toHaveURL(/\/calls\/new\?/)
  const link = new URL(told.url())
  expect(link.searchParams.get('to')).toBe(CALLEE)
  expect(link.searchParams.get('caller_id')).toBe(call.caller_id)
  expect(link.searchParams.get('meta.ticket')).toBe('T-51')
  const callbackId = link.searchParams.get(`meta.${CALLBACK_METADATA_KEY}`)
  expect(callbackId).toMatch(/^cb_/)
  await expect(told.getByRole('heading', { level: 1, name: 'New call' })).toBeVisible()
  // The form holds what the link carries: the number, the caller ID the callee saw, and the call's metadata.
  await expect(told.getByText('Filled in from a link')).toBeVisible()
  await expect(told.getByLabel('Destination')).toHaveValue(CALLEE)
  await expect(told.getByLabel('Caller ID')).toHaveValue(call.caller_id)
  await expect(told.getByLabel('Key 1')).toHaveValue('ticket')
  await expect(told.getByLabel('Value 1')).toHaveValue('T-51')
  await expect(told.getByLabel('Key 2')).toHaveValue(CALLBACK_METADATA_KEY)
  await expect(told.getByLabel('Value 2')).toHaveValue(callbackId ?? '')

  // The call New call places from that link carries the link's metadata: once placed, the callback is done.
  await placeCall(request, { destination: CALLEE, metadata: { ticket: 'T-51', [CALLBACK_METADATA_KEY]: callbackId } })
  await page.goto('/callbacks')
  await expect(page.getByRole('region', { name: 'Due now' }).getByText('Nothing is due now.')).toBeVisible()
  await expect(page.getByRole('link', { name: /due now/ })).toHaveCount(0)
})

test('a callback left open past its time stays in the managers’ Overdue list until someone deals with it', async ({
  browser,
}) => {
  const agent = await browser.newContext(signedInAs('support'))
  const manager = await browser.newContext(signedInAs('manager'))
  try {
    // A number of Chicago's fictional range that no other journey calls, so its callback is this test's alone.
    const number = `+1312555${String(randomInt(200, 999)).padStart(4, '0')}`
    const call = await placeCall(agent.request, { destination: number, metadata: { ticket: 'T-OVERDUE' } })
    // The console learns of the call as it is placed; its index may answer a moment later.
    let callback: Callback | undefined
    await expect(async () => {
      const asked = await agent.request.post('/api/console/callbacks', {
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        data: { call_id: call.call_id, due_at: new Date(Date.now() + 60 * 60_000).toISOString(), owner: 'placer' },
      })
      expect(asked.status(), await asked.text()).toBe(201)
      callback = (await asked.json()) as Callback
    }).toPass({ timeout: 30_000 })
    if (!callback) throw new Error('no callback')
    const item = (page: Page) =>
      page
        .getByRole('region', { name: 'Overdue' })
        .getByRole('listitem', { name: `Callback to ${formatPhone(number)}` })

    const managerPage = await manager.newPage()
    await managerPage.goto('/callbacks')
    const overdue = managerPage.getByRole('region', { name: 'Overdue' })
    // Loaded (its list, or its empty state), and without this callback: it is not due for an hour.
    await expect(overdue.getByRole('list').or(overdue.getByText('No callback is overdue.'))).toBeVisible()
    await expect(item(managerPage)).toHaveCount(0)

    // Asked for an hour ahead, it was due 20 minutes ago: overdue, 15 minutes past its time.
    backdateCallback(callback.id, Date.now() - OVERDUE_AFTER_MS - 5 * 60_000)
    await managerPage.reload()
    await expect(item(managerPage)).toContainText('support@e2e.test')
    await expect(item(managerPage)).toContainText('ticket: T-OVERDUE')
    // The agent's own page lists it as due now; Overdue is the managers'.
    const agentPage = await agent.newPage()
    await agentPage.goto('/callbacks')
    await expect(
      agentPage
        .getByRole('region', { name: 'Due now' })
        .getByRole('listitem', { name: `Callback to ${formatPhone(number)}` }),
    ).toBeVisible()
    await expect(agentPage.getByRole('region', { name: 'Overdue' })).toHaveCount(0)

    // Seen, it stays until a manager deals with it: Mark done takes it off the list.
    await managerPage.reload()
    await item(managerPage).getByRole('button', { name: 'Mark done' }).click()
    await expect(item(managerPage)).toHaveCount(0)
  } finally {
    await Promise.all([agent.close(), manager.close()])
  }
})

test('an agent works callbacks from the keyboard, on a phone: what the caller wrote is shown with its hidden characters named, and each one done says so and keeps the focus in the list', async ({
  page,
}) => {
  await signInAsNewPerson(page, 'support')
  await page.setViewportSize({ width: 390, height: 844 })
  // The metadata came from a ticket tool: a right-to-left override would draw "T-1‮evil" as "T-1live".
  const call = await placeCall(page.request, { destination: CALLEE, metadata: { ticket: 'T-1\u202Eevil' } })
  for (const days of [1, 2]) {
    const asked = await page.request.post('/api/console/callbacks', {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { call_id: call.call_id, due_at: new Date(Date.now() + days * 86_400_000).toISOString(), owner: 'placer' },
    })
    expect(asked.status(), await asked.text()).toBe(201)
  }
  await page.goto('/callbacks')
  const comingUp = page.getByRole('region', { name: 'Coming up' })
  const callbacks = comingUp.getByRole('listitem', { name: /^Callback to / })
  await expect(callbacks).toHaveCount(2)
  await expect(callbacks.first()).toContainText('ticket: T-1⟨U+202E⟩evil')
  // At a phone's width the buttons wrap below the callback's words, and nothing is wider than the screen.
  expect(
    (
      await callbacks
        .first()
        .getByText(/for them|for you/)
        .boundingBox()
    )?.width,
  ).toBeGreaterThan(250)
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0)
  expect(await axeViolations(page)).toEqual([])

  await callbacks.first().getByRole('button', { name: 'Mark done' }).focus()
  await page.keyboard.press('Enter')
  await expect(comingUp.getByRole('status')).toHaveText(/^Marked done: the callback to /)
  await expect(callbacks).toHaveCount(1)
  await expect(callbacks.first().getByRole('link', { name: /^Call back / })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(callbacks.first().getByRole('button', { name: 'Cancel callback' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(comingUp.getByRole('status')).toHaveText(/^Cancelled the callback to /)
  await expect(comingUp.getByText('No callbacks are planned.')).toBeVisible()
  // An empty list says where callbacks come from.
  await expect(comingUp).toContainText('Ask for one on a call’s page, in its Callback panel')
  await expect(comingUp.getByRole('heading', { name: 'Coming up' })).toBeFocused()
})
