// Saved views of the calls page, kept by the console: save the filters under a name, find them again
// after a reload in Saved views, open them, delete them.
import { randomUUID } from 'node:crypto'
import { expect, test } from './support/test'

test('save a view, reload, open it from Saved views, and delete it', async ({ page }) => {
  const name = `Failed calls ${randomUUID().slice(0, 6)}`
  await page.goto('/calls')
  await page.getByLabel('Status').selectOption('DIALER_FAILED')
  await expect(page).toHaveURL(/status=DIALER_FAILED/)

  const views = page.getByRole('navigation', { name: 'Saved views' })
  await views.getByRole('button', { name: 'Save view' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this view' })
  await dialog.getByRole('button', { name: 'Save view' }).click()
  await expect(dialog.getByText('Name the view.')).toBeVisible()
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByRole('button', { name: 'Save view' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(views.getByRole('status')).toHaveText(`Saved “${name}”.`)

  await page.goto('/calls')
  await page.reload()
  await expect(page.getByLabel('Status')).toHaveValue('')
  const link = views.getByRole('list', { name: 'Pinned' }).getByRole('link', { name })
  await link.click()
  await expect(page).toHaveURL(/status=DIALER_FAILED/)
  await expect(page.getByLabel('Status')).toHaveValue('DIALER_FAILED')
  await expect(link).toHaveAttribute('aria-current', 'page')

  // Unpinned, it moves from Pinned to the other views; pinned again, back.
  await views.getByRole('button', { name: `Unpin view ${name}` }).click()
  await expect(views.getByRole('status')).toHaveText(`Unpinned “${name}”.`)
  await expect(views.getByRole('list', { name: 'Other views' }).getByRole('link', { name })).toBeVisible()
  await views.getByRole('button', { name: `Pin view ${name}` }).click()
  await expect(views.getByRole('list', { name: 'Pinned' }).getByRole('link', { name })).toBeVisible()

  await views.getByRole('button', { name: `Delete view ${name}` }).click()
  await expect(views.getByRole('link', { name })).toHaveCount(0)
  await expect(views.getByRole('status')).toHaveText(`Deleted “${name}”.`)
})
