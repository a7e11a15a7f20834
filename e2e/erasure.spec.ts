// Issue 52: an admin answers a person's request about their number from the Users page: exports what the console
// holds about it (a JSON download naming the call placed to it), then erases it and reads what was erased; the call
// stays under a pseudonym. A number of this run's own, so that runs side by side never meet.
import { readFile } from 'node:fs/promises'
import { placeCall } from './support/api'
import { axeViolations } from './support/axe'
import { expect, test } from './support/test'

test('an admin exports what is held about a number, then erases it', async ({ page }) => {
  const digits = String(1000 + Math.floor(Math.random() * 9000))
  const phoneNumber = `+1312555${digits}`
  const placed = await placeCall(page.request, { destination: phoneNumber, metadata: { note: `home ${phoneNumber}` } })

  await page.goto('/users')
  await page.getByRole('link', { name: 'Erasure' }).click()
  await expect(page.getByRole('heading', { name: 'Erasure', level: 1 })).toBeVisible()
  const form = page.getByRole('form', { name: 'Erase a number' })
  await form.getByLabel('Number', { exact: true }).fill(`(312) 555-${digits}`)
  await form.getByLabel('Country', { exact: true }).fill('US')

  const download = page.waitForEvent('download')
  await form.getByRole('button', { name: 'Export what is held' }).click()
  const held = JSON.parse(await readFile((await (await download).path()) ?? '', 'utf8'))
  expect(held).toMatchObject({ phone_number: phoneNumber, counts: { calls: 1 } })
  expect(held.calls[0]).toMatchObject({ call_id: placed.call_id, destination: phoneNumber })

  await form.getByLabel('Reason', { exact: true }).fill('Erasure request by email')
  const erase = form.getByRole('button', { name: 'Erase number' })
  await expect(erase).toBeDisabled()
  await form.getByRole('checkbox', { name: /this cannot be undone/ }).check()
  await erase.click()
  await expect(page.getByRole('status').filter({ hasText: /./ })).toContainText(
    'Calls to or from the number (kept under a pseudonym): 1',
  )
  await expect(page.getByRole('list', { name: 'Past erasures' })).toContainText('Erasure request by email')
  expect(await axeViolations(page)).toEqual([])
})
