// Issue 52: a number on the do-not-call list is named as such in New call before the press, and Place call waits.
// The number is listed through the console's API by an admin, as a person would from the list's page.

import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/api/contract/console-schemas'
import { DO_NOT_CALL_PATH } from '../src/api/contract/do-not-call-schemas'
import { type Browser, expect, signedInAs, test } from './support/test'

test.use(signedInAs('support'))

const LIST = `/api/console${DO_NOT_CALL_PATH}`
const csrf = { [CSRF_HEADER]: CSRF_HEADER_VALUE }

/** Lists `phoneNumber` as the admin, and returns how to take it off again. */
async function listAsAdmin(browser: Browser, phoneNumber: string, reason: string): Promise<() => Promise<void>> {
  const admin = await browser.newContext(signedInAs('admin'))
  const added = await admin.request.post(LIST, { headers: csrf, data: { phone_number: phoneNumber, reason } })
  expect(added.status(), await added.text()).toBe(201)
  return async () => {
    const removed = await admin.request.delete(`${LIST}/${encodeURIComponent(phoneNumber)}`, {
      headers: csrf,
      data: { reason: 'end of the e2e journey' },
    })
    expect(removed.ok(), await removed.text()).toBe(true)
    await admin.close()
  }
}

test('a number on the do-not-call list is named in New call and Place call waits', async ({ page, browser }) => {
  // A number of this run's own, so that runs side by side never meet on the list.
  const phoneNumber = `+1212555${String(2000 + Math.floor(Math.random() * 8000))}`
  const unlist = await listAsAdmin(browser, phoneNumber, 'asked on the phone, ticket 4711')
  try {
    await page.goto('/calls/new')
    await expect(page).toHaveTitle(/New call/)
    const placeCall = page.getByRole('button', { name: 'Place call' })
    await page.getByLabel('Destination').fill(phoneNumber)
    const notice = page.getByRole('alert').filter({ hasText: 'This number must not be called' })
    await expect(notice).toContainText(/On the do-not-call list since .+ by admin@e2e\.test: asked on the phone/)
    await expect(placeCall).toBeDisabled()
    await expect(placeCall).toHaveAccessibleDescription(/^On the do-not-call list since/)
    // Another number: the notice goes and the call may be placed.
    await page.getByLabel('Destination').fill('+12125550100')
    await expect(notice).toBeHidden()
    await expect(placeCall).toBeEnabled()
  } finally {
    await unlist()
  }
})
