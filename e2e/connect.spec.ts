import { expect, test } from '@playwright/test'
import { DEMO_KEY, urls } from './support/servers'

// This app is served without a key, so the service answers 401 until one is entered.
test.use({ baseURL: urls.noKeyApp })

test('a 401 leads to Connect, and the right key gets back in', async ({ page }) => {
  await page.goto('/calls')
  await expect(page.getByRole('heading', { name: 'Connect to the voice service' })).toBeVisible()
  await expect(page).toHaveTitle('Connect · Voice Dashboard')

  await page.getByLabel('API key').fill('sim_wrong_key_123')
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(page.getByText('The service did not accept that API key.')).toBeVisible()

  await page.getByLabel('API key').fill(DEMO_KEY)
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible()
  await expect(page.getByRole('table')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Account' })).toContainText(/cli_/)

  // The key lives in this tab only: sessionStorage, never localStorage.
  const stored = await page.evaluate(() => ({
    local: Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`),
    session: Object.keys(sessionStorage).map((k) => sessionStorage.getItem(k)),
  }))
  expect(stored.local.join('\n')).not.toContain(DEMO_KEY)
  expect(stored.session).toContain(DEMO_KEY)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('heading', { name: 'Connect to the voice service' })).toBeVisible()
  expect(await page.evaluate(() => Object.values(sessionStorage).join('\n'))).not.toContain(DEMO_KEY)
})
