// Finding any call on /calls through the console's index: by a ticket in the metadata, by part of a
// number, and exporting exactly the rows a filtered view selects.
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { NUMBERS, placeCall } from './support/api'
import { formatPhone } from './support/phone'
import { expect, test } from './support/test'

test.use({ timezoneId: 'Europe/Berlin', viewport: { width: 1366, height: 900 } })

const callsTable = (page: import('@playwright/test').Page) => page.getByRole('table', { name: /calls/i })

test('a call placed with ticket ZX-8841 is the only row when ZX-8841 is searched', async ({ page }) => {
  await page.goto('/calls/new')
  await expect(page.getByLabel('Caller ID')).toHaveValue(/^\+\d+$/)
  await page.getByLabel('Destination').fill(NUMBERS.answers)
  await page.getByRole('button', { name: 'Add metadata' }).click()
  await page.getByLabel('Key 1').fill('ticket')
  await page.getByLabel('Value 1').fill('ZX-8841')
  await page.getByRole('button', { name: 'Place call' }).click()
  await expect(page).toHaveURL(/\/calls\/call_[^/]+$/)
  const callId = new URL(page.url()).pathname.split('/').at(-1) ?? ''

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calls', exact: true }).click()
  await page.getByRole('searchbox', { name: 'Search' }).fill('ZX-8841')
  await expect(page).toHaveURL(/q=ZX-8841/)
  const rows = callsTable(page).getByRole('row')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText(callId)
  // What matched is shown and marked.
  await expect(rows.nth(1).getByRole('list', { name: 'Matched metadata' })).toHaveText('ticket: ZX-8841')
  await expect(rows.nth(1).locator('mark')).toHaveText('ZX-8841')
  await expect(page.getByText('1 call', { exact: true })).toBeVisible()

  // The link reproduces the view.
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('ZX-8841')
  await expect(callsTable(page).getByRole('row')).toHaveCount(2)
})

test('a slow search keeps the page, its rows and the typing field: no skeleton in between', async ({ page }) => {
  await page.goto('/calls')
  const search = page.getByRole('searchbox', { name: 'Search' })
  await expect(callsTable(page).getByRole('row').nth(1)).toBeVisible()
  // Each searched answer comes 2.5 s late: longer than the router's pending time (1 s), as on a slow network.
  await page.route(/\/api\/console\/calls\/search\?.*q=/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    await route.continue()
  })
  await search.focus()
  await page.keyboard.type('555')
  await expect(page).toHaveURL(/q=%22555%22/)
  // While the answer is on its way, the rows from before stay (dimmed) and the field keeps the focus.
  await expect(page.locator('[aria-busy="true"]').getByRole('table', { name: /calls/i })).toBeVisible()
  // Past the router's pending time: an awaited loader would have swapped the page for its skeleton by now.
  await page.waitForTimeout(1_500)
  await expect(search).toBeFocused()
  await expect(callsTable(page)).toBeVisible()
  await page.keyboard.type('0')
  await expect(search).toHaveValue('5550')
  await expect(page).toHaveURL(/q=%225550%22/)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 })
  await expect(search).toBeFocused()
})

test('from the search box the keyboard goes into the results and back, the query kept', async ({ page, request }) => {
  // Typed as soon as the field is enabled, often before the shortcuts listen: early-keys.ts keeps Enter for them.
  const ticket = `KB-${randomUUID().slice(0, 8)}`
  const first = await placeCall(request, { destination: NUMBERS.answers, metadata: { ticket } })
  const second = await placeCall(request, { destination: NUMBERS.answers, metadata: { ticket } })
  await page.goto('/calls')
  const search = page.getByRole('searchbox', { name: 'Search' })
  await expect(search).toBeEnabled()
  const row = (callId: string) => callsTable(page).getByRole('row').filter({ hasText: callId })

  // Enter searches and moves to the first row of the answer: the newest call.
  await search.focus()
  await page.keyboard.type(ticket)
  await page.keyboard.press('Enter')
  await expect(row(second.call_id)).toBeFocused()
  await expect(callsTable(page).getByRole('row')).toHaveCount(3)
  await page.keyboard.press('ArrowDown')
  await expect(row(first.call_id)).toBeFocused()
  // Escape goes back to the field, the query still in it and in the URL.
  await page.keyboard.press('Escape')
  await expect(search).toBeFocused()
  await expect(search).toHaveValue(ticket)
  // Escape in the field leaves it for the rows; a search field would have emptied itself.
  await page.keyboard.press('Escape')
  await expect(row(second.call_id)).toBeFocused()
  await expect(search).toHaveValue(ticket)
  await expect(page).toHaveURL(new RegExp(`q=${ticket}`))
  await expect(callsTable(page).getByRole('row')).toHaveCount(3)
  // ↑ from the first row is the field again; ↓ from the field the first row; Enter opens the call.
  await page.keyboard.press('ArrowUp')
  await expect(search).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(row(second.call_id)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/calls/${second.call_id}$`))
})

test('part of a number, typed as a person types it, finds the calls to it', async ({ page, request }) => {
  const call = await placeCall(request, { destination: NUMBERS.fails, metadata: { journey: 'fragment' } })
  await page.goto('/calls')
  // "+1 500 555 0002": the last seven digits, spaced as they are read out.
  await page.getByRole('searchbox', { name: 'Search' }).fill('555 0002')
  await expect(page).toHaveURL(/q=555/)
  const table = callsTable(page)
  await expect(table.getByRole('row').filter({ hasText: call.call_id })).toBeVisible()
  const destinations = table.getByRole('row').getByRole('link')
  // Every row matched and shows where: read together, as other journeys' calls to the same number may be listed
  // live between two reads.
  await expect(async () => {
    const shown = await destinations.allTextContents()
    expect(shown.length).toBeGreaterThan(0)
    const marked = await table
      .getByRole('row')
      .filter({ has: page.locator('mark') })
      .count()
    expect(marked).toBe(await destinations.count())
    expect(shown).toContain(formatPhone(NUMBERS.fails))
  }).toPass({ timeout: 15_000 })
  await expect(
    table
      .getByRole('link', { name: formatPhone(NUMBERS.fails) })
      .first()
      .locator('mark'),
  ).toHaveText('555 0002')
})

test('Export CSV saves exactly the rows the filters select, with times in UTC and in the viewer’s zone', {
  tag: '@waits',
}, async ({ page, request }) => {
  // Three answered calls to wait for, each a few seconds in conversation.
  test.slow()
  const batch = `EXP-${randomUUID().slice(0, 8)}`
  const placed = []
  for (let n = 0; n < 3; n++)
    placed.push(await placeCall(request, { destination: NUMBERS.answers, metadata: { batch, n } }))
  // One more call of the batch that the status filter leaves out: it fails.
  await placeCall(request, { destination: NUMBERS.fails, metadata: { batch, n: 3 } })

  await page.goto(`/calls?q=${batch}`)
  const table = callsTable(page)
  await expect(table.getByRole('row')).toHaveCount(5)
  await page.getByLabel('Status').selectOption('DIALER_COMPLETED')
  await expect(table.getByRole('row')).toHaveCount(4, { timeout: 90_000 })
  const shownIds = (await table.getByRole('row').locator('code').allTextContents()).sort()
  expect(shownIds).toEqual(placed.map((call) => call.call_id).sort())

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^calls_\d{4}-\d{2}-\d{2}\.csv$/)
  await expect(page.getByRole('status').filter({ hasText: 'Exported 3 rows' })).toBeVisible()

  const csv = await readFile((await file.path()) ?? '', 'utf8')
  // UTF-8 with its byte order mark, for spreadsheets (Node's utf8 keeps it as U+FEFF); then the header in words.
  expect(csv.startsWith('\uFEFF"Call ID","Status","Status (service)"')).toBe(true)
  const lines = csv.slice(1).trimEnd().split('\r\n')
  const header = lines[0]?.split(',').map((cell) => cell.replaceAll('"', '')) ?? []
  expect(header).toEqual(
    expect.arrayContaining(['Call ID', 'Placed at (UTC)', 'Placed at (Europe/Berlin)', 'Placed by']),
  )
  expect(header).toEqual(expect.arrayContaining(['Metadata: batch', 'Metadata: n']))
  const idColumn = header.indexOf('Call ID')
  const exportedIds = lines.slice(1).map((line) => line.split(',')[idColumn]?.replaceAll('"', ''))
  expect(exportedIds.sort()).toEqual(shownIds)
})

test('an admin sees the index’s progress under the list and can re-index every call', async ({ page }) => {
  await page.goto('/calls')
  const index = page.getByRole('group').filter({ hasText: 'Search index (admins)' })
  await page.getByText('Search index (admins)').click()
  await expect(index.getByRole('status')).toHaveText(/calls indexed|Indexed/)
  const reindex = index.getByRole('button', { name: /Re-index/ })
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/console/calls/index') && response.request().method() === 'POST',
  )
  await reindex.click()
  expect((await answer).status()).toBe(202)
  // Listed again from the newest call; the few hundred calls of a test run take seconds.
  await expect(index.getByRole('status')).toHaveText(/Indexed [\d,]+ of about [\d,]+ calls|[\d,]+ calls indexed/)
  await expect(reindex).toHaveText('Re-index all calls', { timeout: 30_000 })
})
