// Issue 52: the do-not-call list, by role. An admin lists a number from the page (in the person's menu), and a
// placement to it through the API is then refused 403 in a sentence; the admin takes it off with a reason. Support
// reads the list, without a control to change it.
import { randomInt, randomUUID } from 'node:crypto'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/api/contract/console-schemas'
import { firstCallerId } from './support/api'
import { axeViolations } from './support/axe'
import { formatPhone } from './support/phone'
import { expect, openUserMenu, signedInAs, test } from './support/test'

// A number of its own: other runs of this journey, in parallel or before, list theirs.
const ownNumber = () => `+1415555${String(randomInt(10_000)).padStart(4, '0')}`

test('an admin lists a number, a call to it is refused, and the admin takes it off with a reason', async ({ page }) => {
  const number = ownNumber()
  const shown = formatPhone(number)
  const reason = `Asked on the phone, ticket ${number.slice(-4)}`
  await page.goto('/calls')
  await openUserMenu(page)
  await page.getByRole('navigation', { name: 'More pages' }).getByRole('link', { name: 'Do not call' }).click()
  await expect(page.getByRole('heading', { name: 'Do not call', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Add a number' }).click()
  const adding = page.getByRole('dialog', { name: 'Add a number' })
  await adding.getByLabel('Phone number').fill(number)
  await adding.getByRole('button', { name: 'Add number' }).click()
  // No reason: refused in the server's words, and the dialog stays.
  await expect(adding.getByLabel('Reason')).toHaveAccessibleDescription(/^Say why: the reason is shown/)
  await adding.getByLabel('Reason').fill(reason)
  await adding.getByRole('button', { name: 'Add number' }).click()
  await expect(adding).toBeHidden()
  const status = page.getByRole('status').filter({ hasText: /./ })
  await expect(status).toHaveText(`Added ${number} to the list.`)

  await page.getByLabel('Search').fill(number.slice(-7))
  const row = page.getByRole('row').filter({ hasText: shown })
  await expect(row).toContainText(reason)
  // The search is in the address: a reload (or the link sent to a colleague) keeps it.
  await expect(page).toHaveURL(/[?&]q=/)
  await page.reload()
  await expect(page.getByLabel('Search')).toHaveValue(number.slice(-7))
  await expect(row).toContainText(reason)
  await page.goto(`/do-not-call?q=${number.slice(-7)}`)
  await expect(page.getByLabel('Search')).toHaveValue(number.slice(-7))
  await expect(row).toContainText(reason)
  expect(await axeViolations(page)).toEqual([])

  const refused = await page.request.post('/api/v1/voice/calls', {
    headers: { 'Idempotency-Key': randomUUID(), [CSRF_HEADER]: CSRF_HEADER_VALUE },
    data: { caller_id: await firstCallerId(page.request), destination: number, record: false, metadata: {} },
  })
  expect(refused.status()).toBe(403)
  expect(refused.headers()['content-type']).toBe('application/problem+json')
  const problem = (await refused.json()) as { title: string; detail: string }
  expect(problem.title).toBe('This number is on the do-not-call list')
  expect(problem.detail).toContain(reason)
  expect(problem.detail).toMatch(/Nothing was called\.$/)

  await row.getByRole('button', { name: `Remove ${shown}` }).click()
  const removing = page.getByRole('dialog', { name: `Remove ${shown} from the list?` })
  await expect(removing).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await removing.getByLabel('Why may it be called again?').fill('Asked to be called again, ticket 4712')
  await removing.getByRole('button', { name: 'Remove number' }).click()
  await expect(removing).toBeHidden()
  await expect(status).toHaveText(`Removed ${shown}: it may be called again.`)
  await expect(page.getByText('No listed number matches')).toBeVisible()
})

test('an admin imports a small CSV and reads the report line by line', async ({ page }) => {
  const number = ownNumber()
  await page.goto('/do-not-call')
  await page.getByRole('button', { name: 'Import CSV' }).click()
  const importing = page.getByRole('dialog', { name: 'Import numbers' })
  await importing
    .getByLabel('Or paste the CSV')
    .fill(`phone_number,reason\n${number},Imported in a journey\nnot a number,x\n`)
  await importing.getByRole('button', { name: 'Import' }).click()
  try {
    await expect(importing.getByRole('status')).toContainText('1 added, 0 listed already, 1 not a number')
    await expect(importing.getByRole('list', { name: 'Lines that listed nothing' })).toContainText('not a number')
    expect(await axeViolations(page)).toEqual([])
    await importing.getByRole('button', { name: 'Done' }).click()
    await page.getByLabel('Search').fill(number.slice(-7))
    await expect(page.getByRole('row').filter({ hasText: formatPhone(number) })).toContainText('Imported in a journey')
  } finally {
    await page.request.delete(`/api/console/do-not-call/${encodeURIComponent(number)}`, {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { reason: 'The import journey is over' },
    })
  }
})

test.describe('as support', () => {
  test.use(signedInAs('support'))

  test('the list is readable, with no control to change it', async ({ page, browser }) => {
    const number = ownNumber()
    const shown = formatPhone(number)
    // Listed by an admin, through the API.
    const admin = await browser.newContext(signedInAs('admin'))
    try {
      const listed = await admin.request.post(`${test.info().project.use.baseURL}/api/console/do-not-call`, {
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        data: { phone_number: number, reason: 'Listed for the support journey' },
      })
      expect(listed.ok()).toBe(true)

      await page.goto('/do-not-call')
      await expect(page.getByRole('heading', { name: 'Do not call', level: 1 })).toBeVisible()
      await page.getByLabel('Search').fill(number.slice(-7))
      await expect(page.getByRole('row').filter({ hasText: shown })).toContainText('Listed for the support journey')
      await expect(page.getByRole('button', { name: 'Add a number' })).toHaveCount(0)
      await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0)
      expect(await axeViolations(page)).toEqual([])

      // The server refuses anyway, in words.
      const refused = await page.request.delete(`/api/console/do-not-call/${encodeURIComponent(number)}`, {
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        data: { reason: 'Not mine to remove' },
      })
      expect(refused.status()).toBe(403)
      expect(refused.headers()['content-type']).toBe('application/problem+json')
    } finally {
      await admin.request.delete(
        `${test.info().project.use.baseURL}/api/console/do-not-call/${encodeURIComponent(number)}`,
        {
          headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
          data: { reason: 'The support journey is over' },
        },
      )
      await admin.close()
    }
  })
})
