// Issue 51: an agent places a call, records what happened (an outcome and a note) on its page, finds it again by
// `outcome:` and a word of the note in the calls list, where the Outcome column says it; a manager then sees the
// agent's work on /usage, by person.
import { randomUUID } from 'node:crypto'
import { NUMBERS, placeCall } from './support/api'
import { signInAsNewPerson } from './support/people'
import { expect, signedInAs, signedOut, test } from './support/test'

test.use({ ...signedOut, timezoneId: 'UTC' })

test('an agent records an outcome and a note, finds the call by them, and a manager sees the work by person', async ({
  page,
  request,
  browser,
}) => {
  // A person of their own, so the by-person row is this test's alone.
  const email = await signInAsNewPerson(page, 'support')
  const word = `parcel${randomUUID().slice(0, 6)}`
  const call = await placeCall(request, { destination: NUMBERS.answers })

  await page.goto(`/calls/${call.call_id}`)
  const panel = page.getByRole('region', { name: 'Outcome and note' })
  await panel.getByRole('radio', { name: 'Reached' }).check()
  await panel.getByRole('textbox', { name: 'Note' }).fill(`Asked about the ${word}`)
  await expect(panel.getByText(/\/ 4,000 characters/)).toBeVisible()
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByRole('status')).toHaveText('Saved')
  await expect(panel.getByText(/its author can change it until/)).toBeVisible()

  // The Outcome column shows from 1536 px (a laptop's row keeps its other columns whole).
  await page.setViewportSize({ width: 1600, height: 900 })
  await page.goto(`/calls?q=${encodeURIComponent(`outcome:reached note:${word}`)}`)
  const table = page.getByRole('table', { name: 'Calls, newest first' })
  await expect(table.getByRole('columnheader', { name: 'Outcome' })).toBeVisible()
  const rows = table.getByRole('row').filter({ hasText: call.call_id })
  await expect(rows).toHaveCount(1)
  await expect(rows.getByRole('cell', { name: 'Reached', exact: true })).toBeVisible()

  const managerContext = await browser.newContext({ ...signedInAs('manager'), timezoneId: 'UTC' })
  const manager = await managerContext.newPage()
  await manager.goto('/usage')
  const people = manager.getByRole('region', { name: 'Work by person' })
  const row = people.getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('100%')
  await expect(row).toContainText('Reached 1')
  await managerContext.close()
})
