// An admin's integrations, end to end: a destination to a real receiver (which checks the Standard Webhooks
// signature with the secret the page showed once), its events chosen by checkbox, a test event delivered and in
// the log, an event unticked and the destination turned off and deleted. Managers and support never see any of it.
import { randomUUID } from 'node:crypto'
import { axeViolations } from './support/axe'
import { expect, openUserMenu, type Page, signedInAs, test } from './support/test'
import { startWebhookReceiver } from './support/webhook-receiver'

const destinations = (page: Page) => page.getByRole('region', { name: 'Integrations table' })
const deliveryRows = (page: Page) =>
  page.getByRole('region', { name: 'Integration delivery log table' }).getByRole('row')

test('an admin sends call events to a receiver: secret once, events by checkbox, a test event delivered', async ({
  page,
}) => {
  const receiver = await startWebhookReceiver()
  // Its own name: the journey may meet a console that has run it before.
  const name = `CRM ${randomUUID().slice(0, 6)}`
  try {
    await page.goto('/calls')
    // An admin's row has no room for it: the person's menu lists it under "More pages".
    await openUserMenu(page)
    await page.getByRole('navigation', { name: 'More pages' }).getByRole('link', { name: 'Integrations' }).click()
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'More pages' })).toBeHidden()

    await page.getByRole('button', { name: 'Add integration' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add an integration' })
    await dialog.getByLabel('Name').fill(name)
    // Every event starts chosen; none at all is refused on the field, before anything is sent.
    const ended = dialog.getByRole('checkbox', { name: /A call ends/ })
    const outcome = dialog.getByRole('checkbox', { name: /An outcome is recorded/ })
    const note = dialog.getByRole('checkbox', { name: /A note is saved/ })
    for (const box of [ended, outcome, note]) await expect(box).toBeChecked()
    for (const box of [ended, outcome, note]) await box.uncheck()
    await dialog.getByLabel('URL').fill(receiver.url)
    await dialog.getByRole('button', { name: 'Add integration' }).click()
    await expect(dialog.getByText('Choose at least one event.')).toBeVisible()
    await ended.check()
    await outcome.check()
    // The console's own check (not the page's): its problem+json names the field, and the page puts it there.
    const urlField = dialog.getByLabel('URL')
    await urlField.fill('ftp://127.0.0.1/hooks')
    await dialog.getByRole('button', { name: 'Add integration' }).click()
    await expect(urlField).toHaveAccessibleDescription(/http or https only/)
    await urlField.fill(receiver.url)
    await dialog.getByRole('button', { name: 'Add integration' }).click()
    await expect(dialog).toBeHidden()

    const secretBox = page.getByRole('textbox', { name: 'Signing secret' })
    await expect(secretBox).toBeFocused()
    const secret = await secretBox.inputValue()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'I have copied it' }).click()
    await expect(secretBox).toBeHidden()

    const row = destinations(page).getByRole('row', { name })
    await expect(row).toContainText(receiver.url)
    await expect(row).toContainText('A call ends')
    await expect(row).toContainText('An outcome is recorded')
    await expect(row).not.toContainText('A note is saved')

    await row.getByRole('button', { name: `Send test event: ${name}` }).click()
    await expect(page.getByText(`Test event sent to ${name}`)).toBeVisible()
    const testRow = deliveryRows(page).filter({ hasText: name }).filter({ hasText: 'Test event' })
    await expect(testRow.first()).toContainText('Delivered', { timeout: 30_000 })
    await expect(testRow.first()).toContainText('200')
    const verified = receiver.verified(secret)
    // Calls that other journeys end meanwhile may send call.ended too (the destination chose it): the test event is there.
    expect(verified.map((payload) => payload.type)).toContain('integration.test')
    expect(receiver.verified(secret)).toHaveLength(receiver.received.length)
    expect(await axeViolations(page)).toEqual([])

    // Off, kept by the console; then deleted.
    const enabled = row.getByRole('switch', { name: `Enabled: ${name}` })
    await enabled.click()
    await expect(enabled).toHaveAttribute('aria-checked', 'false')
    await page.reload()
    await expect(enabled).toHaveAttribute('aria-checked', 'false')
    await row.getByRole('button', { name: `Delete: ${name}` }).click()
    await page
      .getByRole('dialog', { name: `Delete ${name}?` })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(row).toHaveCount(0)
  } finally {
    await receiver.close()
  }
})

for (const role of ['manager', 'support'] as const)
  test.describe(role, () => {
    test.use(signedInAs(role))

    test(`has no Integrations in the navigation, and /integrations says the role does not include it`, async ({
      page,
    }) => {
      const asked: string[] = []
      page.on('request', (sent) => {
        if (sent.url().includes('/api/console/integrations')) asked.push(sent.url())
      })
      await page.goto('/calls')
      const nav = page.getByRole('navigation', { name: 'Main' })
      await expect(nav.getByRole('link', { name: 'Calls' })).toBeVisible()
      await expect(nav.getByRole('link', { name: 'Integrations' })).toHaveCount(0)
      await page.goto('/integrations')
      await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible()
      expect(asked).toEqual([])
      expect((await page.request.get('/api/console/integrations')).status()).toBe(403)
    })
  })
