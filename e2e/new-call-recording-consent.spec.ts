// Issue 52: before a recorded call New call reminds the agent to tell the callee, and for a number in a country that
// asks for consent (the e2e console's CONSOLE_RECORDING_CONSENT_REGIONS=FR) Place call waits until the agent confirms
// the callee agreed. The call is then placed, and the audit trail says who confirmed it.
import type { AuditPage } from '../src/api/contract/audit-schemas'
import { expect, signedInAs, test } from './support/test'

test.use(signedInAs('support'))

test('a recorded call to France waits for the callee’s consent, then is placed and audited', async ({
  page,
  browser,
}) => {
  // A number of this run's own, so that its audit entry is this run's.
  const local = String(10_000_000 + Math.floor(Math.random() * 89_999_999))
  const phoneNumber = `+331${local}`
  await page.goto('/calls/new')
  await expect(page).toHaveTitle(/New call/)
  await expect(page.getByLabel('Caller ID')).toHaveValue(/^\+\d+$/)
  const placeCall = page.getByRole('button', { name: 'Place call' })
  const reminder = page.getByText('Tell the callee the call is recorded')
  const consent = page.getByRole('checkbox', { name: 'The callee agreed to be recorded' })

  await page.getByRole('checkbox', { name: 'Record call' }).check()
  await expect(reminder).toBeVisible()
  await page.getByLabel('Destination').fill(phoneNumber)
  await expect(consent).toBeVisible()
  await expect(placeCall).toBeDisabled()
  await expect(placeCall).toHaveAccessibleDescription(/^Calls to France are recorded only with the callee’s consent/)

  // Unrecorded, nothing is asked.
  await page.getByRole('checkbox', { name: 'Record call' }).uncheck()
  await expect(consent).toBeHidden()
  await expect(reminder).toBeHidden()
  await expect(placeCall).toBeEnabled()

  await page.getByRole('checkbox', { name: 'Record call' }).check()
  await consent.check()
  await expect(placeCall).toBeEnabled()
  await placeCall.click()
  await expect(page).toHaveURL(/\/calls\/call_/)

  // An admin reads in the trail who confirmed the consent for this number.
  const admin = await browser.newContext(signedInAs('admin'))
  try {
    const answer = await admin.request.get('/api/console/audit', {
      params: { action: 'call.recording-consent-confirmed', limit: 50 },
    })
    expect(answer.ok(), await answer.text()).toBe(true)
    const { entries } = (await answer.json()) as AuditPage
    const entry = entries.find((e) => e.target === phoneNumber)
    expect(entry?.actor?.email).toBe('support@e2e.test')
  } finally {
    await admin.close()
  }
})
