// Who placed a call, and the trail an admin reads: a support person places a call from the
// New call page; the calls list and the call page name them; an admin finds the call in the
// Audit log, filtered by that person, and exports it. A call placed straight through the voice
// API, not through the console, reads "API".
import { readFile } from 'node:fs/promises'
import { AUDIT_CSV_HEADER } from '../server/console/audit/entry-json'
import { csvRecord } from '../server/console/http/csv'
import type { CreateCallResponse } from '../server/simulator/contract/schemas'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/api/contract/console-schemas'
import { firstCallerId, indexedStatus, NUMBERS } from './support/api'
import { axeViolations } from './support/axe'
import { authFile, DEMO_KEY, e2eUser, origin, ports } from './support/servers'
import { type APIRequestContext, expect, type Page, signedInAs, test } from './support/test'

test.use({ timezoneId: 'UTC' })

const SUPPORT = e2eUser('support')

async function expectNoViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([])
}

/** A call placed with the account's API key, straight at the voice service: the console never sees it. */
async function placeCallDirectly(request: APIRequestContext): Promise<CreateCallResponse> {
  const response = await request.post(`${origin(ports.sim)}/api/v1/voice/calls`, {
    headers: {
      Authorization: `Bearer ${DEMO_KEY}`,
      'Idempotency-Key': crypto.randomUUID(),
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
    },
    data: { caller_id: await firstCallerId(request), destination: NUMBERS.answers, record: false, metadata: {} },
  })
  expect(response.ok()).toBe(true)
  return (await response.json()) as CreateCallResponse
}

test.describe('as support', () => {
  test.use(signedInAs('support'))

  test('a call placed from the console names who placed it; one placed through the API says "API"', async ({
    page,
    request,
    browser,
  }) => {
    await page.goto('/calls/new')
    await expect(page.getByLabel('Caller ID')).toHaveValue(/^\+\d+$/)
    await page.getByLabel('Destination').fill(NUMBERS.answers)
    await page.getByRole('button', { name: 'Place call' }).click()
    await expect(page).toHaveURL(/\/calls\/call_[^/]+$/)
    const callId = new URL(page.url()).pathname.split('/').pop() ?? ''

    // The call page.
    const details = page.getByRole('region', { name: 'Details' })
    await expect(details.getByRole('term').filter({ hasText: 'Placed by' })).toBeVisible()
    await expect(details.getByRole('definition').filter({ hasText: SUPPORT })).toBeVisible()

    // The calls list, beside a call the console did not place.
    const direct = await placeCallDirectly(request)
    const elsewhere = direct.call_id
    // The list reads the console's index, which lists a call placed outside it within its sync's pass.
    await expect.poll(() => indexedStatus(request, direct), { timeout: 30_000 }).not.toBeNull()
    await page.goto('/calls')
    const table = page.getByRole('table', { name: /calls/i })
    await expect(table.getByRole('columnheader', { name: 'Placed by' })).toBeVisible()
    const mine = table.getByRole('row').filter({ hasText: callId })
    await expect(mine.getByRole('cell', { name: SUPPORT, exact: true })).toBeVisible()
    const apiRow = table.getByRole('row').filter({ hasText: elsewhere })
    const api = apiRow.getByText('API', { exact: true })
    await expect(api).toBeVisible()
    await expect(api).toHaveAccessibleDescription(/Placed outside this console/)
    await api.hover()
    await expect(apiRow.getByRole('tooltip').filter({ hasText: 'Placed outside this console' })).toBeVisible()
    await expect(apiRow).not.toContainText(SUPPORT)

    // An admin finds the call in the Audit log, by who placed it and what they did.
    const adminContext = await browser.newContext({ storageState: authFile(ports.app, 'admin'), timezoneId: 'UTC' })
    const admin = await adminContext.newPage()
    try {
      await admin.goto('/calls')
      await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click()
      await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
      const filters = admin.getByRole('form', { name: 'Filter entries' })
      await filters.getByLabel('User').selectOption({ label: SUPPORT })
      await filters.getByLabel('Action').selectOption({ label: 'Call placed' })
      await expect(admin).toHaveURL(/[?&]action=call\.placed/)
      await expect(admin).toHaveURL(/[?&]user=/)

      const entries = admin.getByRole('table', { name: /Audit entries/ })
      const entry = entries.getByRole('row').filter({ hasText: callId })
      await expect(entry).toBeVisible()
      await expect(entry).toContainText(SUPPORT)
      await expect(entry).toContainText('Call placed')
      // Everyone in the table is the person filtered by.
      for (const row of await entries.getByRole('row').all()) {
        if ((await row.getByRole('cell').count()) > 0) await expect(row).toContainText(SUPPORT)
      }
      await expect(entries).not.toContainText(elsewhere)

      // A reload keeps the view: the filters live in the URL.
      await admin.reload()
      await expect(filters.getByLabel('Action')).toHaveValue('call.placed')
      await expect(entry).toBeVisible()

      const downloading = admin.waitForEvent('download')
      await admin.getByRole('link', { name: 'Export CSV' }).click()
      const download = await downloading
      expect(download.suggestedFilename()).toMatch(/\.csv$/)
      const csv = await readFile(await download.path(), 'utf8')
      // UTF-8 with its byte order mark (Node's utf8 keeps it as U+FEFF), then the header in words.
      expect(csv.startsWith(`\uFEFF${csvRecord(AUDIT_CSV_HEADER)}`)).toBe(true)
      const rows = csv.split('\r\n').slice(1, -1)
      expect(rows.some((row) => row.includes(`"${callId}"`))).toBe(true)
      expect(rows.every((row) => row.includes(SUPPORT))).toBe(true)

      // The export is on the record too.
      await filters.getByLabel('Action').selectOption({ label: 'Audit log exported' })
      await filters.getByLabel('User').selectOption({ label: 'All people' })
      await expect(
        entries
          .getByRole('row')
          .filter({ hasText: e2eUser('admin') })
          .first(),
      ).toBeVisible()
    } finally {
      await adminContext.close()
    }
  })

  test('support has no Audit log', async ({ page }) => {
    await page.goto('/calls')
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calls' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0)
    await page.goto('/audit')
    await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible()
  })
})

test.describe('Audit log as an admin', () => {
  test('filters that match nothing say so, and Clear filters brings the entries back', async ({ page }) => {
    await page.goto('/audit?from=2099-01-01T00:00:00Z')
    await expect(page.getByText('No entries match these filters')).toBeVisible()
    await expect(page.getByLabel('From date')).toHaveValue('2099-01-01')
    await page.getByRole('button', { name: 'Clear filters' }).first().click()
    await expect(page).not.toHaveURL(/from=/)
    await expect(
      page
        .getByRole('table', { name: /Audit entries/ })
        .getByRole('row')
        .nth(1),
    ).toBeVisible()
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`${colorScheme} theme`, () => {
      test.use({ colorScheme })

      test('axe finds nothing on the page, with an entry’s details open', async ({ page }) => {
        await page.goto('/audit')
        const entries = page.getByRole('table', { name: /Audit entries/ })
        await expect(entries.getByRole('row').nth(1)).toBeVisible()
        await entries
          .getByText(/^Show details of entry/)
          .first()
          .click()
        await expectNoViolations(page)
      })
    })
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test('entries are cards, nothing is wider than the screen, and axe finds nothing', async ({ page }) => {
      await page.goto('/audit')
      const cards = page.getByRole('list', { name: 'Audit entries, newest first' })
      await expect(cards.getByRole('listitem').first()).toBeVisible()
      for (const label of ['Time (UTC)', 'Who', 'Target', 'IP']) {
        await expect(cards.getByRole('listitem').first().getByText(label, { exact: true })).toBeVisible()
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await expectNoViolations(page)
    })
  })
})
