// The agent's day for the user guide (issue 51), in the order a support agent lives it: the call list's next
// contact, the call page's outcome and note with a callback asked for in the callee's time, /callbacks with one due
// now, New call opened from a ticket's click-to-call link, and the manager's "Work by person" on /usage.
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import type { E2eRole } from '../../e2e/support/servers'
import type { Callback } from '../../src/api/contract/callback-schemas'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/api/contract/console-schemas'
import type { CallDetail, ListCallerIdsResponse } from '../../src/api/contract/schemas'
import { signIn } from './sign-in'

/** The agent works from New York; the list's callees are in Chicago, so their time and the agent's differ. */
const AGENT_ZONE = 'America/New_York'
const CONTACTS = [
  ['Maria Alvarez', '+1 312 555 0121', 'ACME-2201', 'Gold'],
  ['Tom Becker', '+1 312 555 0134', 'ACME-2202', 'Silver'],
  ['Priya Natarajan', '+1 312 555 0147', 'ACME-2203', 'Gold'],
  ['Samuel Okafor', '+1 312 555 0158', 'ACME-2204', 'Bronze'],
  ['Hannah Lindqvist', '+1 312 555 0169', 'ACME-2205', 'Silver'],
  ['Diego Ramos', '+1 312 555 0172', 'ACME-2206', 'Gold'],
  ['Aiko Tanaka', '+1 312 555 0183', 'ACME-2207', 'Silver'],
  ['Lena Fischer', '+1 312 555 0194', 'ACME-2208', 'Bronze'],
]
/** The list calls from New York, as its manager chose: the Chicago number is flagged as answered less than usual. */
const LIST_CALLER_ID = '+12125550142'
/** Outcome keys on the work page, by position in the default list. */
const REACHED_KEY = '1'
const VOICEMAIL_KEY = '2'
const NO_ANSWER_KEY = '3'
const SECOND = 1000

async function signedIn(browser: Browser, baseURL: string, role: E2eRole): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    timezoneId: AGENT_ZONE,
  })
  await signIn(await context.newPage(), baseURL, role)
  return context
}

/** The manager imports the list and gives it to everyone, through the console's API as the Import form does. */
async function importList(manager: BrowserContext): Promise<string> {
  const csv = ['Name,Phone,Account,Plan', ...CONTACTS.map((row) => row.join(','))].join('\n')
  const res = await manager.request.post('/api/console/call-lists', {
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    data: {
      settings: {
        name: 'December renewals',
        callerId: LIST_CALLER_ID,
        record: false,
        comeBackMinutes: 120,
        maxTries: 3,
        everyone: true,
        assignees: [],
      },
      source: { csv, region: 'US' },
    },
  })
  if (res.status() !== 201) throw new Error(`Importing the call list failed: ${res.status()} ${await res.text()}`)
  return ((await res.json()) as { list: { id: string } }).list.id
}

const contactHeading = (page: Page) => page.getByRole('heading', { name: /^Contact on line \d+$/ })

/** C places the shown contact's call; the call's id, from the status the page shows. */
async function placeShown(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Place call (C)' }).waitFor()
  await page.keyboard.press('c')
  const placed = page.getByRole('status').filter({ hasText: 'Call placed:' })
  return (await placed.getByRole('link').textContent({ timeout: 30 * SECOND })) ?? ''
}

/** Calls the shown contact, records the outcome by its key and goes on with N. */
async function workOne(page: Page, key: string): Promise<string> {
  const line = await contactHeading(page).textContent()
  const callId = await placeShown(page)
  await page.keyboard.press(key)
  await page.getByRole('status').filter({ hasText: 'Outcome saved:' }).waitFor()
  await page.keyboard.press('n')
  await contactHeading(page)
    .filter({ hasNotText: line ?? '' })
    .waitFor({ timeout: 30 * SECOND })
  return callId
}

/**
 * Whether the call, once ended, was answered: the simulator decides each call's fate by chance. An answered call
 * is waited for until the end the service reports (its start plus its duration) has passed: the simulator's speed
 * ends it sooner, and the call page would say it ends "in 1 minute".
 */
async function answered(context: BrowserContext, callId: string): Promise<boolean> {
  const deadline = Date.now() + 90 * SECOND
  while (Date.now() < deadline) {
    const call = (await (await context.request.get(`/api/v1/voice/calls/${callId}`)).json()) as CallDetail
    if (call.status === 'DIALER_FAILED') return false
    if (call.status === 'DIALER_COMPLETED') {
      if (call.voicemail_drop || !call.duration_seconds) return false
      const end = Date.parse(call.created_at ?? '') + call.duration_seconds * SECOND
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, end + 2 * SECOND - Date.now())))
      return true
    }
    await new Promise((resolve) => setTimeout(resolve, SECOND))
  }
  throw new Error(`The call ${callId} did not end within 90 s`)
}

/** Places the shown contacts' calls until one is answered (No answer recorded for the others); its id. */
async function placeUntilAnswered(page: Page): Promise<string> {
  for (let tries = 0; tries < 5; tries++) {
    const callId = await placeShown(page)
    if (await answered(page.context(), callId)) return callId
    await page.keyboard.press(NO_ANSWER_KEY)
    await page.getByRole('status').filter({ hasText: 'Outcome saved:' }).waitFor()
    const line = await contactHeading(page).textContent()
    await page.keyboard.press('n')
    await contactHeading(page)
      .filter({ hasNotText: line ?? '' })
      .waitFor({ timeout: 30 * SECOND })
  }
  throw new Error('Five calls in a row went unanswered')
}

export async function shoot(browser: Browser, baseURL: string, outDir: string): Promise<string[]> {
  const manager = await signedIn(browser, baseURL, 'manager')
  const agent = await signedIn(browser, baseURL, 'support')
  try {
    const listId = await importList(manager)
    const page = agent.pages()[0] ?? (await agent.newPage())

    // 1. The list's work page: two contacts done by their keys, the third shown with the keys to work it.
    await page.goto(`/call-lists/${listId}/work`)
    await contactHeading(page).waitFor()
    const reached = await workOne(page, REACHED_KEY)
    await workOne(page, VOICEMAIL_KEY)
    await page.getByText('2 of 8 done').waitFor()
    await page.mouse.move(0, 0)
    const work = join(outDir, 'call-list-work.png')
    await page.screenshot({ path: work })

    // Another agent works the same list (never the same contact), so the manager has a team to compare; early, so
    // that their calls have ended by the manager's look.
    const colleague = await signedIn(browser, baseURL, 'admin')
    try {
      const other = colleague.pages()[0] ?? (await colleague.newPage())
      await other.goto(`/call-lists/${listId}/work`)
      await contactHeading(other).waitFor()
      for (const key of [REACHED_KEY, REACHED_KEY, NO_ANSWER_KEY]) await workOne(other, key)
    } finally {
      await colleague.close()
    }

    // 2. The next contact who answers asks to be called back: the outcome and a note on the call page, then the Callback form.
    const asked = await placeUntilAnswered(page)
    await page.goto(`/calls/${asked}`)
    await page.getByText('Call status: Completed').waitFor({ state: 'attached', timeout: 30 * SECOND })
    const panel = page.getByRole('region', { name: 'Outcome and note' })
    await panel.getByRole('radio', { name: 'Callback requested' }).check()
    await panel
      .getByRole('textbox', { name: 'Note' })
      .fill('Renewal is with her finance team this week. Call back tomorrow morning their time, after 10.')
    await panel.getByRole('button', { name: 'Save' }).click()
    await panel.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    const form = page.getByRole('form', { name: 'Ask for a callback' })
    await form.getByRole('button', { name: 'Their next 10:00' }).click()
    await form.getByText(/for them \(America\/Chicago\)/).waitFor()
    await page.mouse.move(0, 0)
    const outcome = join(outDir, 'call-outcome-callback.png')
    await page.screenshot({ path: outcome, fullPage: true })
    await form.getByRole('button', { name: 'Schedule callback' }).click()
    await page.getByRole('region', { name: 'Callback' }).getByRole('listitem').first().waitFor()

    // 3. An earlier callee's callback, asked for a few seconds ahead (the console refuses a time already past), due now.
    await askCallback(agent, reached, Date.now() + 3 * SECOND)
    await page.waitForTimeout(4 * SECOND)
    await page.goto('/callbacks')
    await page
      .getByRole('region', { name: 'Due now' })
      .getByRole('listitem')
      .first()
      .waitFor({ timeout: 60 * SECOND })
    await page.getByRole('region', { name: 'Coming up' }).getByRole('listitem').first().waitFor()
    // The notice it comes with, told once per person: each tab asks every 15 s.
    await page
      .getByRole('status', { name: 'Callbacks due' })
      .getByText(/^Callback due:/)
      .waitFor({ timeout: 40 * SECOND })
    await page.mouse.move(0, 0)
    const callbacks = join(outDir, 'callbacks-due.png')
    await page.screenshot({ path: callbacks })

    // 4. A ticket's click-to-call link to the same callee, naming another caller ID: New call suggests the last one.
    const callee = await callOf(agent, reached)
    const other = await anotherCallerId(agent, callee.caller_id)
    const link = `/calls/new?to=${encodeURIComponent(callee.destination)}&caller_id=${encodeURIComponent(other)}&meta.ticket=SUP-1051`
    const suggestion = page.getByRole('status').filter({ hasText: 'Last used for this number on' })
    // The console's call index learns of the call within seconds (its sync): open the link again until it has.
    for (let tries = 0; tries < 30; tries++) {
      await page.goto(link)
      const shown = await suggestion.waitFor({ timeout: 2 * SECOND }).then(
        () => true,
        () => false,
      )
      if (shown) break
    }
    await suggestion.waitFor()
    await page.mouse.move(0, 0)
    const newCall = join(outDir, 'new-call-from-link.png')
    await page.screenshot({ path: newCall })

    // 5. The manager's view of the day: each person's calls, reached rate and outcomes.
    const usage = manager.pages()[0] ?? (await manager.newPage())
    await usage.goto('/usage')
    const people = usage.getByRole('region', { name: 'Work by person' })
    await people
      .getByRole('row')
      .filter({ hasText: 'support@e2e.test' })
      .waitFor({ timeout: 30 * SECOND })
    await people.scrollIntoViewIfNeeded()
    await usage.mouse.move(0, 0)
    const byPerson = join(outDir, 'usage-work-by-person.png')
    await people.screenshot({ path: byPerson })
    return [work, outcome, callbacks, newCall, byPerson]
  } finally {
    await agent.close()
    await manager.close()
  }
}

async function askCallback(agent: BrowserContext, callId: string, dueAt: number): Promise<Callback> {
  const res = await agent.request.post('/api/console/callbacks', {
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    data: { call_id: callId, due_at: new Date(dueAt).toISOString(), owner: 'placer' },
  })
  if (!res.ok()) throw new Error(`Asking for a callback failed: ${res.status()} ${await res.text()}`)
  return (await res.json()) as Callback
}

async function callOf(agent: BrowserContext, callId: string): Promise<{ destination: string; caller_id: string }> {
  const call = (await (await agent.request.get(`/api/v1/voice/calls/${callId}`)).json()) as CallDetail
  if (!call.destination || !call.caller_id) throw new Error(`The call ${callId} has no destination or caller ID`)
  return { destination: call.destination, caller_id: call.caller_id }
}

async function anotherCallerId(agent: BrowserContext, used: string): Promise<string> {
  const res = await agent.request.get('/api/v1/voice/caller-ids')
  const { caller_ids } = (await res.json()) as ListCallerIdsResponse
  const other = caller_ids.find((id) => id.phone_number !== used)
  if (!other) throw new Error('The simulator has only one verified caller ID')
  return other.phone_number
}
