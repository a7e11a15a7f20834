// Calls a faithful service may send that our simulator never does: each opens, shows what it can,
// and says what the service left out or sent in a shape the page cannot read.
import { expect, type Page, test } from '@playwright/test'
import { QUIRK_CALL_IDS, resetQuirks } from '../support/quirks'

test.beforeEach(() => resetQuirks())

const errors: string[] = []
test.beforeEach(({ page }) => {
  errors.length = 0
  page.on('pageerror', (error) => errors.push(error.message))
})
test.afterEach(() => expect(errors).toEqual([]))

/** The value beside a label of the call's details. */
const detail = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]')

async function openCall(page: Page, callId: string) {
  await page.goto(`/calls/${callId}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('This call could not be loaded')).toHaveCount(0)
}

test('a call with nulls says what the service did not give', async ({ page }) => {
  await openCall(page, QUIRK_CALL_IDS.nulls)
  for (const label of ['Billed minutes', 'Voicemail drop', 'Placed through'])
    await expect(detail(page, label)).toHaveText('Not given by the service')
  await expect(page.getByRole('region', { name: 'Metadata' })).toContainText('Not given by the service')
})

test('metadata of any size or shape is shown as text, nested values as JSON', async ({ page }) => {
  await openCall(page, QUIRK_CALL_IDS.bigMetadata)
  const big = page.getByRole('table', { name: 'Metadata' })
  await expect(big.getByRole('row')).toHaveCount(62)
  await expect(big.getByRole('rowheader', { name: 'transcript_summary' })).toBeVisible()
  await openCall(page, QUIRK_CALL_IDS.nestedMetadata)
  const nested = page.getByRole('table', { name: 'Metadata' })
  await expect(nested.getByRole('row', { name: /customer/ })).toContainText('{"id":42,"tier":"gold"}')
  await expect(nested.getByRole('row', { name: /tags/ })).toContainText('["vip","renewal"]')
})

test('a call with fields the spec does not list opens as any other', async ({ page }) => {
  await openCall(page, QUIRK_CALL_IDS.extraFields)
  await expect(detail(page, 'Placed through')).toHaveText("The voice service's interface")
})

test('a field the page cannot read is named, shown as it came, and the rest of the call is shown', async ({ page }) => {
  await openCall(page, QUIRK_CALL_IDS.badField)
  const notice = page.getByRole('region', { name: 'Some fields of this call could not be read' })
  await expect(notice).toContainText('The service sent duration_seconds as "forty"; it is shown as it came.')
  await expect(detail(page, 'Duration')).toHaveText('forty')
  await expect(detail(page, 'Caller ID')).toHaveText('Not given by the service')
  await expect(detail(page, 'Placed through')).toHaveText("The voice service's interface")
})
