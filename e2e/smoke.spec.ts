import { expect, test } from './support/test'

test('the dashboard loads with its shell, account and strict headers', async ({ page }) => {
  // Nothing written to the console as an error: a CSP violation, or a stylesheet linked as a module (Lighthouse's
  // errors-in-console found that one on every page, 2026-12-07).
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text()))
      consoleErrors.push(message.text())
  })
  const response = await page.goto('/')
  const csp = response?.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'")
  expect(response?.headers()['x-content-type-options']).toBe('nosniff')
  expect(response?.headers()['referrer-policy']).toBe('no-referrer')

  await expect(page).toHaveURL(/\/calls/)
  await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const name of ['Calls', 'New call', 'Caller IDs', 'Usage']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
  }
  const account = page.getByRole('region', { name: 'Account' })
  await expect(account).toContainText(/cli_/)
  await expect(account).toContainText('ACTIVE')
  await expect(page).toHaveTitle('Calls · Voice Dashboard')
  // The lazy parts of the page (the route's chunk, the shortcuts, the menu) have loaded by now.
  await expect(page.getByRole('table', { name: 'Calls, newest first' })).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('the theme follows the system and can be switched', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/calls')
  await expect(page.locator('html')).toHaveClass(/dark/)
  await page.getByRole('button', { name: 'Switch to light theme' }).click()
  await expect(page.locator('html')).not.toHaveClass(/dark/)
  await page.reload()
  await expect(page.locator('html')).not.toHaveClass(/dark/)
  await page.getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
})

test('an unknown address shows a page, never a blank screen', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to calls' }).click()
  await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible()
})

test('invalid search params fall back to their defaults', async ({ page }) => {
  await page.goto('/calls?status=BOGUS&limit=7&from_date=yesterday')
  await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Status')).toHaveValue('')
  await expect(page.getByLabel('Page size')).toHaveValue('25')
  await expect(page.getByRole('table')).toBeVisible()
})
