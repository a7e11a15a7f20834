// Issue 51: an admin keeps the outcome list in the product, from the Users page: adds "Sent email", renames it,
// moves it up and archives it; a manager is shown no such page, and the console refuses one who asks anyway.
// Two outcomes of its own at the end of the list, both archived at the end: the defaults never move.
import { randomUUID } from 'node:crypto'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/api/contract/console-schemas'
import { axeViolations } from './support/axe'
import { expect, signedInAs, test } from './support/test'

test('an admin adds an outcome, renames it, moves it up and archives it', async ({ page }) => {
  const tag = randomUUID().slice(0, 6)
  await page.goto('/users')
  await page.getByRole('link', { name: 'the outcome list' }).click()
  await expect(page.getByRole('heading', { name: 'Outcomes', level: 1 })).toBeVisible()

  const form = page.getByRole('form', { name: 'Add an outcome' })
  const status = page.getByRole('status').filter({ hasText: /./ })
  for (const label of [`Sent letter ${tag}`, `Sent email ${tag}`]) {
    await form.getByLabel('Name', { exact: true }).fill(label)
    await form.getByRole('button', { name: 'Add outcome' }).click()
    await expect(status).toHaveText(`Added “${label}” at the end of the list.`)
  }
  const names = page.getByRole('textbox', { name: /^Name of / })
  await expect(names.last()).toHaveAccessibleName(`Name of Sent email ${tag}`)

  // An id that is taken is refused in the server's words.
  await form.getByLabel('Name', { exact: true }).fill(`Sent email ${tag}`)
  await form.getByRole('button', { name: 'Add outcome' }).click()
  await expect(form.getByRole('alert')).toContainText(`An outcome with the id “sent-email-${tag}” exists already.`)

  const name = page.getByRole('textbox', { name: `Name of Sent email ${tag}` })
  await name.fill(`Emailed ${tag}`)
  await name.press('Enter')
  await expect(status).toHaveText(`Renamed “Sent email ${tag}” to “Emailed ${tag}”.`)

  // From the keyboard: Tab from the name reaches Up (Rename waits, disabled, for a changed name).
  const emailed = page.getByRole('textbox', { name: `Name of Emailed ${tag}` })
  await emailed.focus()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: `Move Emailed ${tag} up` })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(status).toHaveText(`Moved “Emailed ${tag}” up.`)
  await expect(names.last()).toHaveAccessibleName(`Name of Sent letter ${tag}`)
  await expect(names.nth(-2)).toHaveAccessibleName(`Name of Emailed ${tag}`)

  for (const label of [`Emailed ${tag}`, `Sent letter ${tag}`]) {
    await page.getByRole('button', { name: `Archive ${label}` }).click()
    await expect(status).toHaveText(`Archived “${label}”: calls keep it, nobody is offered it.`)
    await expect(page.getByRole('button', { name: `Restore ${label}` })).toBeVisible()
  }
  expect(await axeViolations(page)).toEqual([])
})

test.describe('as a manager', () => {
  test.use(signedInAs('manager'))

  test('the page is not offered, and the console refuses a change in words', async ({ page }) => {
    await page.goto('/outcomes')
    await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible()
    const refused = await page.request.post('/api/console/outcome-kinds', {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { id: 'sent-email', label: 'Sent email' },
    })
    expect(refused.status()).toBe(403)
    expect(refused.headers()['content-type']).toBe('application/problem+json')
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/\w+ \w+/)
  })
})
