// Call lists (issue 51, item 2): a manager imports a 20-contact list and assigns it; an agent works it by keyboard
// alone, recording each outcome with its digit key; two agents on one list never get the same contact.
import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import type { CallDetail, ListCallsResponse } from '../server/simulator/contract/schemas'
import { LIST_METADATA_KEYS } from '../src/api/contract/call-list-schemas'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/api/contract/console-schemas'
import { axeViolations } from './support/axe'
import { expect, signedInAs, test } from './support/test'

const LISTS = '/api/console/call-lists'
const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => `Person ${i + 1},+1 212 555 ${String(100 + i).padStart(4, '0')},A-${i + 1}`)

/** A list made through the console's API by the manager, for the journeys that only work one. */
async function seedList(browser: Browser, count: number, prefix = 'Renewals'): Promise<{ id: string; name: string }> {
  const manager = await browser.newContext(signedInAs('manager'))
  try {
    const name = `${prefix} ${randomUUID().slice(0, 6)}`
    const res = await manager.request.post(LISTS, {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: {
        settings: {
          name,
          callerId: null,
          record: false,
          comeBackMinutes: 120,
          maxTries: 3,
          everyone: true,
          assignees: [],
        },
        source: { csv: ['Name,Phone,Account', ...rows(count)].join('\n'), region: 'US' },
      },
    })
    expect(res.status(), await res.text()).toBe(201)
    const { list } = (await res.json()) as { list: { id: string } }
    return { id: list.id, name }
  } finally {
    await manager.close()
  }
}

const contactHeading = (page: Page) => page.getByRole('heading', { name: /^Contact on line \d+$/ })

/** Places the shown contact's call with C and moves on with N; answers the line of the contact it called. */
async function callAndNext(page: Page): Promise<string> {
  const heading = contactHeading(page)
  const line = (await heading.textContent()) ?? ''
  await expect(page.getByRole('button', { name: 'Place call (C)' })).toBeEnabled()
  await page.keyboard.press('c')
  await expect(page.getByRole('status').filter({ hasText: 'Call placed:' })).toBeVisible()
  await page.keyboard.press('n')
  await expect(heading.or(page.getByText('No contact to call now'))).not.toHaveText(line)
  return line
}

test.describe('a manager', () => {
  test.use(signedInAs('manager'))

  test('imports a 20-contact list, sees the lines left out before saving, assigns it, then changes who works it and pauses it', async ({
    page,
  }) => {
    const name = `November renewals ${randomUUID().slice(0, 6)}`
    await page.goto('/call-lists')
    await page.getByLabel('Name').fill(name)
    const csv = ['Name,Phone,Account', ...rows(20), 'Nobody,12,A-21', 'Again,(212) 555-0100,A-22'].join('\n')
    await page.getByLabel('Or paste the CSV').fill(csv)
    await page.getByRole('button', { name: 'Check the file' }).click()

    await expect(page.getByText(/22 rows: 20 to import, 2 left out/)).toBeVisible()
    const leftOut = page.getByRole('region', { name: 'Lines left out' })
    await expect(leftOut.getByRole('row', { name: /^22 12 Invalid/ })).toBeVisible()
    await expect(
      leftOut.getByRole('row', { name: /^23 \(212\) 555-0100 Duplicate: The same number as line 2\./ }),
    ).toBeVisible()

    await page.getByRole('radio', { name: 'These people' }).check()
    await page.getByRole('checkbox', { name: 'support@e2e.test' }).check()
    await page.getByRole('checkbox', { name: 'admin@e2e.test' }).check()
    await page.getByRole('button', { name: 'Import 20 contacts' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: `Imported “${name}”: 20 contacts, 2 lines left out.` }),
    ).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toContainText('0 of 20 done · 20 left')
    await expect(row).toContainText('admin@e2e.test, support@e2e.test')

    // On the list's page: the admin no longer works it, then the list is paused and resumed.
    await row.getByRole('link', { name }).click()
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    const who = page.getByRole('form', { name: 'Who works the list' })
    await expect(who.getByRole('checkbox', { name: 'admin@e2e.test' })).toBeChecked()
    expect(await axeViolations(page)).toEqual([])
    await who.getByRole('checkbox', { name: 'admin@e2e.test' }).uncheck()
    await who.getByRole('button', { name: 'Save who works it' }).click()
    await expect(who.getByRole('status')).toHaveText('Saved: support@e2e.test work it.')
    await page.getByRole('button', { name: `Pause ${name}` }).click()
    await expect(page.getByText('Paused: nobody gets a contact of it')).toBeVisible()
    await page.getByRole('button', { name: `Resume ${name}` }).click()
    await expect(page.getByText('Open: the people who work it get its contacts')).toBeVisible()
    await page.getByRole('link', { name: 'Call lists' }).first().click()
    await expect(row).toContainText('support@e2e.test')
    await expect(row).not.toContainText('admin@e2e.test')
  })
})

test.describe('an agent', () => {
  test.use(signedInAs('support'))

  test('works a list by keyboard alone: g w, the list, C to call, N for the next', async ({ page, browser }) => {
    const list = await seedList(browser, 20)
    await page.goto('/calls')
    await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible()
    // g then w in one go, as the keyboard journeys send it (e2e/keyboard.spec.ts).
    await page.keyboard.type('gw')
    await expect(page.getByRole('heading', { name: 'Call lists', level: 1 })).toBeVisible()
    const work = page.getByRole('link', { name: `Work ${list.name}` })
    for (let tabs = 0; tabs < 60 && !(await work.evaluate((link) => link === document.activeElement)); tabs++)
      await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: list.name, level: 1 })).toBeVisible()
    await expect(page.getByText('C place the call')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Place call (C)' })).toHaveAttribute('aria-keyshortcuts', 'C')

    await expect(contactHeading(page)).toHaveText('Contact on line 2')
    await expect(page.getByText('Person 1')).toBeVisible()
    const called = [await callAndNext(page), await callAndNext(page)]
    expect(called).toEqual(['Contact on line 2', 'Contact on line 3'])
    await expect(contactHeading(page)).toHaveText('Contact on line 4')
    // S skips the fourth: the fifth is next, and the list counts two called, none done without an outcome.
    await page.keyboard.press('s')
    await expect(contactHeading(page)).toHaveText('Contact on line 5')
    await expect(page.getByText('0 of 20 done · 20 left (2 later)')).toBeVisible()

    // A reload keeps the contact (the claim), and a call placed then reloaded is not placed again.
    await page.keyboard.press('c')
    await expect(page.getByRole('status').filter({ hasText: 'Call placed:' })).toBeVisible()
    const callId =
      (await page.getByRole('status').filter({ hasText: 'Call placed:' }).getByRole('link').textContent()) ?? ''
    await page.reload()
    await expect(contactHeading(page)).toHaveText('Contact on line 5')
    await expect(page.getByRole('link', { name: callId })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Place call (C)' })).toHaveCount(0)
    const call = await page.request.get(`/api/v1/voice/calls/${callId}`)
    expect(((await call.json()) as { metadata: Record<string, unknown> }).metadata).toMatchObject({
      call_list_id: list.id,
      Name: 'Person 4',
    })
  })

  test('records the outcome with its digit key', async ({ page, browser }) => {
    const list = await seedList(browser, 2)
    await page.goto(`/call-lists/${list.id}/work`)
    await expect(page.getByRole('button', { name: 'Place call (C)' })).toBeEnabled()
    await page.keyboard.press('c')
    await expect(page.getByRole('radio', { name: /Reached/ })).toHaveAttribute('aria-keyshortcuts', '1')
    await page.keyboard.press('1')
    await expect(page.getByRole('status').filter({ hasText: 'Outcome saved: Reached.' })).toBeVisible()
    await page.keyboard.press('n')
    await expect(contactHeading(page)).toHaveText('Contact on line 3')
    await expect(page.getByText('1 of 2 done · 1 left')).toBeVisible()
  })

  test('works a 20-contact list to its end by keys alone, each contact called once', async ({ page, browser }) => {
    const since = new Date(Date.now() - 1_000).toISOString()
    const list = await seedList(browser, 20)
    await page.goto(`/call-lists/${list.id}/work`)
    const heading = contactHeading(page)
    // The first pass skips three (they wait at the end, untried); the others get an outcome by its digit, in turn:
    // 1 Reached, 2 Left voicemail, 5 Wrong number, 7 Do not call again (none of them comes back).
    const skipped = new Set([5, 10, 15])
    const digits = ['1', '2', '5', '7']
    const worked: number[] = []
    for (let press = 0; press < 23; press++) {
      await expect(heading).toHaveText(/^Contact on line \d+$/)
      const line = Number(((await heading.textContent()) ?? '').replace(/\D/g, ''))
      if (skipped.delete(line)) {
        await expect(page.getByRole('button', { name: 'Skip (S)' })).toBeEnabled()
        await page.keyboard.press('s')
      } else {
        const digit = worked.length < 17 ? (digits[worked.length % digits.length] ?? '1') : '1'
        await expect(page.getByRole('button', { name: 'Place call (C)' })).toBeEnabled()
        await page.keyboard.press('c')
        await expect(page.getByRole('status').filter({ hasText: 'Call placed:' })).toBeVisible()
        await page.keyboard.press(digit)
        await expect(page.getByRole('status').filter({ hasText: /^Outcome saved: / })).toBeVisible()
        worked.push(line)
        await page.keyboard.press('n')
      }
      if (worked.length === 20) break
      await expect(heading).not.toHaveText(`Contact on line ${line}`)
    }
    // Every line once, the skipped three last.
    expect(worked.slice(17)).toEqual([5, 10, 15])
    expect([...worked].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2))

    const end = page.getByRole('region', { name: 'Where the list stands' })
    await expect(page.getByText('Every contact of this list is done', { exact: true })).toBeVisible()
    await expect(end).toContainText('20 of 20 done · 0 left')
    await expect(end).toContainText('By outcome: Reached 8 · Left voicemail 4 · Wrong number 4 · Do not call again 4')

    const calls = await callsOfList(page.request, since, list.id)
    expect(calls).toHaveLength(20)
    expect(new Set(calls.map((call) => call.metadata[LIST_METADATA_KEYS.contact])).size).toBe(20)
    expect(new Set(calls.map((call) => call.destination)).size).toBe(20)
  })
})

/** The calls the service holds to the list's numbers since `since`, with their metadata (list items carry none). */
async function callsOfList(request: APIRequestContext, since: string, listId: string): Promise<CallDetail[]> {
  const numbers = new Set(rows(20).map((row) => `+1${(row.split(',')[1] ?? '').replace(/\D/g, '').slice(1)}`))
  const ours: CallDetail[] = []
  let cursor: string | null = null
  do {
    const params: Record<string, string | number> = { from_date: since, limit: 100, ...(cursor ? { cursor } : {}) }
    const page = (await (await request.get('/api/v1/voice/calls', { params })).json()) as ListCallsResponse
    for (const call of page.calls.filter((item) => numbers.has(item.destination)))
      ours.push((await (await request.get(`/api/v1/voice/calls/${call.call_id}`)).json()) as CallDetail)
    cursor = page.next_cursor
  } while (cursor)
  return ours.filter((call) => call.metadata[LIST_METADATA_KEYS.list] === listId)
}

test('a list named with a right-to-left override reads with it named, on the lists and the work page, on a phone', async ({
  browser,
}) => {
  // "Q4 \u202Etxt.exe" would draw as "Q4 exe.txt": the page shows the override as a token instead.
  const list = await seedList(browser, 1, 'Q4 \u202Etxt.exe')
  const shown = `Q4 ⟨U+202E⟩txt.exe ${list.name.slice(-6)}`
  const agent = await browser.newContext({ ...signedInAs('support'), viewport: { width: 390, height: 844 } })
  try {
    const page = await agent.newPage()
    await page.goto('/call-lists')
    await expect(page.getByRole('row').filter({ hasText: shown })).toBeVisible()
    await page.getByRole('link', { name: `Work ${shown}` }).click()
    // The token is an image named for the character, to a screen reader as well.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shown)
    await expect(
      page
        .getByRole('heading', { level: 1 })
        .getByRole('img', { name: 'Hidden character U+202E: right-to-left override' }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Place call (C)' })).toBeEnabled()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    )
    expect(await axeViolations(page)).toEqual([])
  } finally {
    await agent.close()
  }
})

test('two agents on one list never get the same contact', async ({ browser }) => {
  const list = await seedList(browser, 20)
  const agents = await Promise.all([browser.newContext(signedInAs('support')), browser.newContext(signedInAs('admin'))])
  try {
    const pages = await Promise.all(agents.map((context) => context.newPage()))
    await Promise.all(pages.map((page) => page.goto(`/call-lists/${list.id}/work`)))
    const ones: string[] = []
    const others: string[] = []
    for (let round = 0; round < 4; round++) {
      const [one = '', other = ''] = await Promise.all(pages.map((page) => callAndNext(page)))
      ones.push(one)
      others.push(other)
    }
    expect(ones.filter((line) => others.includes(line))).toEqual([])
    expect(new Set([...ones, ...others]).size).toBe(8)
  } finally {
    await Promise.all(agents.map((context) => context.close()))
  }
})
