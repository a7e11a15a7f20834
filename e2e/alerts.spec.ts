// A manager's alerts, end to end: a usage rule just above this period's minutes, a webhook to a real receiver
// (which checks the Standard Webhooks signature with the secret the page showed once), calls placed by support
// until the rule fires, the banner and its Dismiss, and the delivery in the log. Support never sees any of it.
import { randomUUID } from 'node:crypto'
import type { UsageSummary } from '../server/simulator/contract/schemas'
import { ALERT_PATHS, alertRuleList, DEFAULT_USAGE_PERCENTS } from '../src/api/contract/alert-schemas'
import { NUMBERS, placeCall } from './support/api'
import { axeViolations } from './support/axe'
import { authFile, ports, urls } from './support/servers'
import { type APIRequestContext, expect, type Page, signedInAs, test } from './support/test'
import { startWebhookReceiver } from './support/webhook-receiver'

test.use(signedInAs('manager'))

async function currentUsage(request: APIRequestContext): Promise<{ used: number; committed: number }> {
  const res = await request.get('/api/v1/voice/usage')
  expect(res.ok(), `/usage answered ${res.status()}`).toBe(true)
  const usage = (await res.json()) as UsageSummary
  return { used: usage.actual_minutes_used, committed: usage.committed_minutes }
}

/** The journey moves the new console's 90% rule here. */
const EDITED_PERCENT = 95

/** The percents the console's rules watch now (a console that ran the journey before keeps its rule). */
async function watchedPercents(request: APIRequestContext): Promise<number[]> {
  const res = await request.get(`/api/console${ALERT_PATHS.rules}`)
  expect(res.ok(), `rules answered ${res.status()}`).toBe(true)
  const { rules } = alertRuleList.parse(await res.json())
  return rules.flatMap((rule) => (rule.percent === null ? [] : [rule.percent]))
}

/** The first whole percent above the minutes used that no rule of the console watches. */
function percentAbove({ used, committed }: { used: number; committed: number }, watched: number[]): number {
  const taken = [...DEFAULT_USAGE_PERCENTS, EDITED_PERCENT, ...watched] as number[]
  let percent = Math.floor((used * 100) / committed) + 1
  while (taken.includes(percent)) percent++
  return percent
}

/** "7%" but not "17%" or "70%". */
const percentText = (percent: number) => new RegExp(`(^|\\D)${percent}%`)
const banner = (page: Page) => page.getByRole('region', { name: 'Alerts' })
const deliveryRows = (page: Page) => page.getByRole('region', { name: 'Delivery log table' }).getByRole('row')

test('a manager sets a rule and a webhook, calls cross it, the banner says so and the receiver verifies the delivery', {
  tag: '@waits',
}, async ({ page, request, browser }) => {
  test.setTimeout(240_000)
  const receiver = await startWebhookReceiver()
  // Its own name: the journey may meet a console that has run it before.
  const channelName = `Ops receiver ${randomUUID().slice(0, 6)}`
  try {
    await page.goto('/alerts')
    await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    // The webhook first, and its secret shown this once: a firing goes to the channels that exist when it fires,
    // and other journeys' calls may cross the rule as soon as it exists.
    await page.getByRole('button', { name: 'Add webhook' }).click()
    const webhookDialog = page.getByRole('dialog', { name: 'Add a webhook' })
    await webhookDialog.getByLabel('Name').fill(channelName)
    // The console's own check (not the page's): its problem+json names the field, and the page puts it there.
    const urlField = webhookDialog.getByLabel('URL')
    await urlField.fill('ftp://127.0.0.1/hooks')
    await webhookDialog.getByRole('button', { name: 'Add channel' }).click()
    await expect(urlField).toHaveAccessibleDescription(/http or https only/)
    await urlField.fill(receiver.url)
    await webhookDialog.getByRole('button', { name: 'Add channel' }).click()
    await expect(webhookDialog).toBeHidden()
    const secretBox = page.getByRole('textbox', { name: 'Signing secret' })
    await expect(secretBox).toBeFocused()
    await expect(page.getByText('you will not see it again')).toBeVisible()
    const secret = await secretBox.inputValue()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'I have copied it' }).click()
    await expect(secretBox).toBeHidden()
    const channelRow = page.getByRole('region', { name: 'Channels table' }).getByRole('row', { name: channelName })
    await expect(channelRow).toContainText(receiver.url)

    // Send test: a delivery in the log, taken by the receiver and signed with the secret.
    await channelRow.getByRole('button', { name: `Send test: ${channelName}` }).click()
    await expect(page.getByText(`Test sent through ${channelName}`)).toBeVisible()
    const testRow = deliveryRows(page).filter({ hasText: channelName }).filter({ hasText: 'Test' })
    await expect(testRow.first()).toContainText('Delivered', { timeout: 30_000 })
    await expect(testRow.first()).toContainText('200')
    expect(receiver.verified(secret).some((payload) => payload.type === 'alert.test')).toBe(true)

    // The rule: just above this period's minutes, read from the service as the page's own request.
    const percent = percentAbove(await currentUsage(request), await watchedPercents(request))
    await page.getByRole('button', { name: 'Add rule' }).click()
    const ruleDialog = page.getByRole('dialog', { name: 'Add a rule' })
    await expect(ruleDialog.getByRole('radio', { name: /Minutes used reach a percentage/ })).toBeChecked()
    const percentField = ruleDialog.getByRole('spinbutton', { name: 'Percent of the commitment' })
    // A server-side bound is checked before sending: the message sits on the field.
    await percentField.fill('0')
    await ruleDialog.getByRole('button', { name: 'Add rule' }).click()
    await expect(percentField).toHaveAccessibleDescription(/Use 1% or more\./)
    // A new console watches 50% already: the console's 409 says so in the dialog.
    await ruleDialog.getByRole('button', { name: '50%' }).click()
    await ruleDialog.getByRole('button', { name: 'Add rule' }).click()
    await expect(ruleDialog.getByRole('alert')).toContainText('There is already a rule')
    await percentField.fill(String(percent))
    await ruleDialog.getByRole('button', { name: 'Add rule' }).click()
    await expect(ruleDialog).toBeHidden()
    const ruleRow = page.getByRole('region', { name: 'Rules table' }).getByRole('row', { name: percentText(percent) })
    await expect(ruleRow).toBeVisible()
    await expect(ruleRow.getByRole('switch', { name: /^Enabled:/ })).toHaveAttribute('aria-checked', 'true')
    await expect(ruleRow).toContainText('Not yet')

    // Another rule changed in place: its percent, and off and on again, as the console keeps them.
    const rules = page.getByRole('region', { name: 'Rules table' })
    await rules.getByRole('button', { name: 'Edit rule: Minutes used reach 90% of the commitment' }).click()
    const editDialog = page.getByRole('dialog', { name: 'Change the rule' })
    await editDialog.getByRole('spinbutton', { name: 'Percent of the commitment' }).fill(String(EDITED_PERCENT))
    await editDialog.getByRole('button', { name: 'Save' }).click()
    await expect(editDialog).toBeHidden()
    const switched = rules.getByRole('switch', {
      name: `Enabled: Minutes used reach ${EDITED_PERCENT}% of the commitment`,
    })
    await switched.click()
    await expect(switched).toHaveAttribute('aria-checked', 'false')
    await page.reload()
    await expect(switched).toHaveAttribute('aria-checked', 'false')
    await switched.click()
    await expect(switched).toHaveAttribute('aria-checked', 'true')
    // And back as a new console has it, so the journey can run again on this console.
    await rules
      .getByRole('button', { name: `Edit rule: Minutes used reach ${EDITED_PERCENT}% of the commitment` })
      .click()
    await editDialog.getByRole('spinbutton', { name: 'Percent of the commitment' }).fill('90')
    await editDialog.getByRole('button', { name: 'Save' }).click()
    await expect(rules.getByRole('rowheader', { name: 'Minutes used reach 90% of the commitment' })).toBeVisible()

    // Support places calls until the minutes cross the rule's share of the commitment.
    const support = await browser.newContext({ storageState: authFile(ports.app, 'support'), baseURL: urls.app })
    try {
      for (let calls = 0; ; calls++) {
        const usage = await currentUsage(request)
        if (usage.used * 100 >= percent * usage.committed) break
        expect(calls, 'calls placed without reaching the rule').toBeLessThan(15)
        const placed = await placeCall(support.request, { destination: NUMBERS.answers, metadata: { run: 'alerts' } })
        // Billed once it has ended: wait for this call's minutes before deciding on another.
        await expect
          .poll(async () => (await currentUsage(request)).used, { timeout: 60_000, message: placed.call_id })
          .toBeGreaterThan(usage.used)
      }
    } finally {
      await support.close()
    }

    // The banner, on any page: the console evaluates on its schedule; a reload reads the notices at once.
    await page.goto('/calls')
    const notice = banner(page)
      .getByRole('listitem')
      .filter({ hasText: percentText(percent) })
    await expect(async () => {
      await page.reload()
      await expect(notice).toBeVisible({ timeout: 3_000 })
    }).toPass({ timeout: 90_000 })
    expect(await axeViolations(page)).toEqual([])
    await notice.getByRole('button', { name: 'Dismiss' }).click()
    await expect(notice).toBeHidden()
    // Kept by the console, per person: gone after a reload too.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(notice).toBeHidden()

    // The firing's delivery: in the log as delivered, and verified by the receiver.
    await page.goto('/alerts')
    await expect(ruleRow).toContainText('Fired')
    const firedRow = deliveryRows(page).filter({ hasText: channelName }).filter({ hasText: 'Alert' })
    await expect(firedRow.first()).toContainText('Delivered', { timeout: 60_000 })
    const fired = receiver.verified(secret).filter((payload) => payload.type === 'alert.fired')
    expect(fired.map((payload) => payload.data.message)).toContainEqual(expect.stringMatching(percentText(percent)))
    await expect(page.getByRole('region', { name: 'Firings' })).toContainText(percentText(percent))
    // Every request the receiver got was signed with that secret.
    expect(receiver.verified(secret)).toHaveLength(receiver.received.length)
    expect(await axeViolations(page)).toEqual([])
  } finally {
    await receiver.close()
  }
})

test.describe('support', () => {
  test.use(signedInAs('support'))

  test('has no Alerts in the navigation, never asks for notices, and /alerts says the role does not include it', async ({
    page,
  }) => {
    const alertRequests: string[] = []
    page.on('request', (sent) => {
      if (sent.url().includes('/api/console/alerts')) alertRequests.push(sent.url())
    })
    await page.goto('/calls')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Calls' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Alerts' })).toHaveCount(0)
    await expect(banner(page)).toHaveCount(0)
    await page.goto('/alerts')
    await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible()
    expect(alertRequests).toEqual([])
    const res = await page.request.get('/api/console/alerts/notices')
    expect(res.status()).toBe(403)
  })
})
