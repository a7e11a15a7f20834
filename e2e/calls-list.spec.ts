// The calls list as people use it all day: filters they can clear, presets in their zone,
// a list that refreshes and survives a failed request, rows that open the right call, and phones.

import { NUMBERS, placeCall } from './support/api'
import { signInAsNewPerson } from './support/people'
import { formatPhone } from './support/phone'
import { expect, openUserMenu, signedInAs, signedOut, test } from './support/test'

test.use({ ...signedInAs('support'), timezoneId: 'UTC', viewport: { width: 1366, height: 768 } })

const FAR_FUTURE = '2099-01-01T00:00:00Z'

test('"Clear filters" shows with a filter, and the empty state offers it first', async ({ page }) => {
  await page.goto('/calls')
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0)

  await page.goto(`/calls?status=DIALER_BUSY&from_date=${encodeURIComponent(FAR_FUTURE)}`)
  await expect(page.getByText('No calls match these filters')).toBeVisible()
  const clears = page.getByRole('button', { name: 'Clear filters' })
  await expect(clears).toHaveCount(2)
  // In the empty state, clearing comes before placing a call.
  const emptyActions = page
    .getByRole('main')
    .locator('.border-dashed')
    .getByRole('button')
    .or(page.getByRole('main').locator('.border-dashed').getByRole('link'))
  await expect(emptyActions.first()).toHaveText('Clear filters')

  await clears.last().click()
  await expect(page).not.toHaveURL(/status=|from_date=/)
  await expect(page.getByRole('table', { name: /calls/i }).getByRole('row').nth(1)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0)
})

test('"All calls" on a call page returns to the filtered list the person came from', { tag: '@waits' }, async ({
  page,
  request,
}) => {
  const call = await placeCall(request, { destination: NUMBERS.fails })
  await expect
    .poll(async () => (await (await request.get(`/api/v1/voice/calls/${call.call_id}/status`)).json()).status, {
      timeout: 30_000,
    })
    .toBe('DIALER_FAILED')
  await page.goto('/calls?status=DIALER_FAILED&limit=50')
  const row = page.getByRole('table', { name: /calls/i }).getByRole('row').filter({ hasText: call.call_id })
  await row.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/calls/${call.call_id}$`))
  await page.getByRole('link', { name: /All calls/ }).click()
  await expect(page).toHaveURL(/status=DIALER_FAILED/)
  await expect(page).toHaveURL(/limit=50/)
  await expect(page.getByLabel('Status')).toHaveValue('DIALER_FAILED')
})

test('a failed refresh keeps the filters and the rows, says what failed, and Retry recovers', async ({ page }) => {
  // Without live updates: each one refetches the list, and other journeys place calls all the time, so one could
  // recover the list between the service coming back and Retry (the page then polls only calls in progress: none).
  await page.route('**/api/console/events?*', (route) => route.abort())
  await page.route('**/api/console/events', (route) => route.abort())
  await page.goto('/calls?status=DIALER_COMPLETED')
  const table = page.getByRole('table', { name: /calls/i })
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  const rowsBefore = await table.getByRole('row').count()

  // The page reads the console's index of calls.
  await page.route('**/api/console/calls/search?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ title: 'Unavailable', status: 503, detail: 'The voice service is down for maintenance.' }),
    }),
  )
  await page.getByRole('button', { name: 'Refresh' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'could not be refreshed' })
  await expect(alert).toContainText('The voice service is down for maintenance.', { timeout: 30_000 })
  await expect(table.getByRole('row')).toHaveCount(rowsBefore)
  await expect(page.getByLabel('Status')).toHaveValue('DIALER_COMPLETED')

  await page.unroute('**/api/console/calls/search?*')
  await alert.getByRole('button', { name: 'Retry' }).click()
  await expect(alert).toHaveCount(0)
  await expect(table.getByRole('row')).toHaveCount(rowsBefore)
})

test('Refresh brings a new call to the top of the first page, and says when the list was updated', async ({
  page,
  request,
}) => {
  await page.goto('/calls')
  // Pushed by the event stream, or polled: either way the page says how current the list is.
  await expect(page.getByText(/^(Live updates|Updated \d+ s ago)$/).first()).toBeVisible()
  const call = await placeCall(request, { destination: NUMBERS.answers })
  await page.getByRole('button', { name: 'Refresh' }).click()
  const firstRow = page.getByRole('table', { name: /calls/i }).getByRole('row').nth(1)
  await expect(firstRow).toContainText(call.call_id)
  await expect(firstRow.getByRole('link')).toHaveText(formatPhone(NUMBERS.answers))
})

test('a row shows the exact time with the relative time, and the full time with zone on focus', async ({ page }) => {
  await page.goto('/calls')
  await expect(page.getByRole('columnheader', { name: 'Created (UTC)' })).toBeVisible()
  const time = page.getByRole('table', { name: /calls/i }).getByRole('row').nth(1).locator('time')
  await expect(time).toHaveText(/^[A-Z][a-z]{2} \d{1,2}(, \d{4})?, \d{2}:\d{2}$/)
  const tooltip = page.locator(`[id="${await time.getAttribute('aria-describedby')}"]`)
  await expect(tooltip).toHaveCSS('opacity', '0')
  await time.focus()
  await expect(tooltip).toHaveRole('tooltip')
  await expect(tooltip).toHaveText(/\d{2}:\d{2}:\d{2} UTC$/)
  await expect(tooltip).toHaveCSS('opacity', '1')
  await expect(time).toHaveAccessibleDescription(/UTC$/)
  await page.keyboard.press('Escape')
  await expect(tooltip).toHaveCSS('opacity', '0')
})

test.describe('a pointer click on a row', () => {
  test('opens that row’s call, for the first, a middle and the last row', async ({ page }) => {
    // Calls before today only: the parallel specs place calls today, which would shift the rows between
    // reading a row's id and clicking it.
    const today = new Date().toISOString().slice(0, 10)
    await page.goto(`/calls?to_date=${today}T00:00:00Z`)
    const rows = page.getByRole('table', { name: /calls/i }).getByRole('row')
    await expect(rows.nth(25)).toBeVisible()
    for (const index of [1, 12, 25]) {
      const row = rows.nth(index)
      const id = await row.locator('code').innerText()
      // The duration cell: no link or button there.
      const cell = row.getByRole('cell').nth(3)
      await cell.scrollIntoViewIfNeeded()
      const box = await cell.boundingBox()
      if (!box) throw new Error(`row ${index} has no duration cell`)
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
      await expect(page).toHaveURL(new RegExp(`/calls/${id}$`))
      await page.goBack()
      await expect(rows.nth(25)).toBeVisible()
    }
    // Controls outside the rows are their own: "New call" opens the form, not a call.
    await page.getByRole('link', { name: 'New call' }).last().click()
    await expect(page).toHaveURL(/\/calls\/new$/)
  })
})

test.describe('in each person’s zone', () => {
  // A browser in Los Angeles, so the browser's zone and UTC differ.
  test.use({ ...signedOut, timezoneId: 'America/Los_Angeles' })

  test('the zone is chosen in the header, kept for the person, and used by times and date presets', async ({
    page,
  }) => {
    await signInAsNewPerson(page, 'support')
    await page.goto('/calls')
    await openUserMenu(page)
    const zone = page.getByRole('group', { name: 'Times in' })
    await expect(zone.getByRole('button', { name: /^Browser zone/ })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByText(/midnight to midnight in your time zone, America\/Los Angeles/)).toBeVisible()
    await expect(page.getByRole('columnheader', { name: /Created \(P[SD]T\)/ })).toBeVisible()
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/console/preferences'))
    await zone.getByRole('button', { name: 'UTC' }).click()
    await expect(page.getByText(/midnight to midnight in UTC/)).toBeVisible()
    await expect(page.getByRole('columnheader', { name: 'Created (UTC)' })).toBeVisible()
    const answer = await saved
    expect(answer.status(), await answer.text()).toBe(200)

    await page.getByRole('button', { name: 'Yesterday' }).click()
    const today = new Date().toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    await expect(page).toHaveURL(new RegExp(`from_date=${yesterday}T00%3A00%3A00Z.*to_date=${today}T00%3A00%3A00Z`))
    await expect(page.getByRole('button', { name: 'Yesterday' })).toHaveAttribute('aria-pressed', 'true')
    // The "To" day is the last day included, as a person reads it.
    await expect(page.getByLabel('From date')).toHaveValue(yesterday)
    await expect(page.getByLabel('To date (included)')).toHaveValue(yesterday)

    // Kept with the person: a reload (the server's own page) still shows UTC.
    await page.reload()
    await openUserMenu(page)
    await expect(page.getByRole('group', { name: 'Times in' }).getByRole('button', { name: 'UTC' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('rows are cards with every field, and the header is one row with a menu', async ({ page, request }) => {
    const call = await placeCall(request, { destination: NUMBERS.answers, metadata: { journey: 'phone' } })
    await page.goto('/calls')
    const cards = page.getByRole('list', { name: 'Calls, newest first' })
    const card = cards.getByRole('listitem').filter({ hasText: call.call_id })
    await expect(card).toBeVisible()
    for (const label of ['Caller ID', 'Duration', 'Created (UTC)', 'Call ID']) {
      await expect(card.getByText(label, { exact: true })).toBeVisible()
    }
    await expect(card.getByRole('link', { name: formatPhone(NUMBERS.answers) })).toBeVisible()
    // Nothing is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)

    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav).toBeHidden()
    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Calls', exact: true })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    await expect(menu).toBeFocused()

    await card.getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/calls/${call.call_id}$`))
  })
})

test('a page position the list no longer accepts offers the first page, not a Retry that fails again', async ({
  page,
}) => {
  // An old link, or a cursor of the index after the list fell back to the voice API: either source refuses it.
  await page.goto('/calls?status=DIALER_COMPLETED&cursor=no-longer-a-position')
  const alert = page.getByRole('alert').filter({ hasText: 'The calls could not be loaded' })
  await expect(alert).toBeVisible()
  await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0)
  await alert.getByRole('button', { name: 'Back to the first page' }).click()
  await expect(page).not.toHaveURL(/cursor=/)
  await expect(page).toHaveURL(/status=DIALER_COMPLETED/)
  await expect(page.getByRole('table', { name: /calls/i }).getByRole('row').nth(1)).toBeVisible()
})
