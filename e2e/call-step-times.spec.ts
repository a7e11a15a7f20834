// The call page keeps the step times it saw once the call ends, says which times it did not see, and
// names the API's own `source` field as the API's.

import { NUMBERS, placeCall } from './support/api'
import { axeViolations } from './support/axe'
import { formatPhone } from './support/phone'
import { expect, type Page, signedInAs, test } from './support/test'

test.use({ ...signedInAs('support'), timezoneId: 'UTC' })
// Each waits for a call to end, then checks the page with axe: generous on a loaded machine.
test.slow()

const progressStep = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Call progress' }).getByRole('listitem').filter({ hasText: label })

test('a call watched until it ends keeps the time it was seen ringing, across a refetch', { tag: '@waits' }, async ({
  page,
  request,
}) => {
  const ringing = progressStep(page, 'Ringing or connected')
  // The test simulator runs calls 20 times faster than life: on a busy machine a call may end before its page
  // has loaded, and a page cannot keep what it never saw. Up to three calls, until the page sees one ring.
  for (let attempt = 1; ; attempt++) {
    const call = await placeCall(request, { destination: NUMBERS.answers })
    await page.goto(`/calls/${call.call_id}`)
    await expect(page.getByRole('heading', { name: `Call to ${formatPhone(NUMBERS.answers)}` })).toBeVisible()
    const seen = await ringing
      .locator('time')
      .waitFor({ timeout: 15_000 })
      .then(() => true)
      .catch(() => false)
    if (seen) break
    expect(attempt, 'three calls ended before their page saw them ring').toBeLessThan(3)
  }
  const seenRinging = await ringing.locator('time').getAttribute('datetime')
  expect(seenRinging).toBeTruthy()

  await expect(page.getByText('Call status: Completed')).toBeAttached({ timeout: 30_000 })
  await expect(progressStep(page, 'Completed')).toHaveAttribute('aria-current', 'step')
  // The step this page saw keeps its time once the call has ended: not a dash.
  await expect(ringing.locator('time')).toHaveAttribute('datetime', seenRinging as string)
  await expect(ringing).not.toContainText('Not seen')
  await expect(page.getByText(/did not see has no time/)).toHaveCount(0)

  // A refetch (the page regaining focus) changes nothing seen, nor does coming back to the call from the list.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(ringing.locator('time')).toHaveAttribute('datetime', seenRinging as string)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calls', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible()
  await page.goBack()
  await expect(progressStep(page, 'Completed')).toHaveAttribute('aria-current', 'step')
  await expect(ringing.locator('time')).toHaveAttribute('datetime', seenRinging as string)

  const details = page.getByRole('region', { name: 'Details' })
  const source = details.locator('dl > div').filter({ has: page.getByText('Placed through', { exact: true }) })
  // The service's `source` in words; its own value ("API") on hover.
  await expect(source.getByRole('definition')).toHaveText("The voice service's interface")
  await expect(source.getByTitle("The service's source: API")).toBeVisible()
  // Beside who placed it in this console, on the same row.
  const placedBy = details.locator('dl > div').filter({ has: page.getByText('Placed by', { exact: true }) })
  await expect(placedBy.getByRole('definition')).toHaveText('support@e2e.test')
  // Both boxes read at once, until they agree: a section loading above moves both between two reads.
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([placedBy.boundingBox(), source.boundingBox()])
      return a && b ? a.y - b.y : null
    })
    .toBe(0)
  expect(await axeViolations(page)).toEqual([])
})

test('a call opened after it ended shows the times the API gives and says the others were not seen', {
  tag: '@waits',
}, async ({ page, request }) => {
  const call = await placeCall(request, { destination: NUMBERS.answers })
  // Ended before anyone opened it: waited for through the API, as another tab would see it.
  await expect
    .poll(async () => (await (await request.get(`/api/v1/voice/calls/${call.call_id}/status`)).json()).status, {
      timeout: 30_000,
    })
    .toBe('DIALER_COMPLETED')
  await page.goto(`/calls/${call.call_id}`)
  await expect(progressStep(page, 'Completed')).toHaveAttribute('aria-current', 'step')
  const ringing = progressStep(page, 'Ringing or connected')
  // Never a time this page could not know: the step says it was not seen, and the note says why.
  await expect(ringing).toContainText('Not seen by this page')
  await expect(ringing.locator('time')).toHaveCount(0)
  await expect(page.getByText('This page opened after the call ended.')).toBeVisible()
  // Queued and the end come from the API's own fields.
  await expect(progressStep(page, 'Queued').locator('time')).toBeVisible()
  await expect(progressStep(page, 'Completed').locator('time')).toBeVisible()
  expect(await axeViolations(page), 'light').toEqual([])
  // Dark from a fresh load: switching the theme on a loaded page starts transitions that a starved machine
  // may not finish before axe looks.
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.reload()
  await expect(ringing).toContainText('Not seen by this page')
  expect(await axeViolations(page), 'dark').toEqual([])
})
