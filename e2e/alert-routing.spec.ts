// Alerts routed per rule (issue 53, item 3), as a manager: an email channel (to a real SMTP sink) and a webhook (to a
// real receiver), a usage rule just above this period's minutes sent only to the email, calls until it fires. The
// mail arrives saying who added the address, the receiver never hears of that rule, and the delivery log, filtered
// by the rule (kept in the URL), shows the email alone.
import { randomUUID } from 'node:crypto'
import { mailPart, type SmtpSink, startSmtpSink } from '../server/console/test-support/smtp-sink'
import type { UsageSummary } from '../server/simulator/contract/schemas'
import { ALERT_PATHS, alertRuleList, DEFAULT_USAGE_PERCENTS } from '../src/api/contract/alert-schemas'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/api/contract/console-schemas'
import { NUMBERS, placeCall } from './support/api'
import { axeViolations } from './support/axe'
import { authFile, e2eUser, ports, urls } from './support/servers'
import { type APIRequestContext, expect, signedInAs, test } from './support/test'
import { startWebhookReceiver } from './support/webhook-receiver'

test.use(signedInAs('manager'))

async function currentUsage(request: APIRequestContext): Promise<{ used: number; committed: number }> {
  const res = await request.get('/api/v1/voice/usage')
  expect(res.ok(), `/usage answered ${res.status()}`).toBe(true)
  const usage = (await res.json()) as UsageSummary
  return { used: usage.actual_minutes_used, committed: usage.committed_minutes }
}

async function rules(request: APIRequestContext) {
  const res = await request.get(`/api/console${ALERT_PATHS.rules}`)
  expect(res.ok(), `rules answered ${res.status()}`).toBe(true)
  return alertRuleList.parse(await res.json()).rules
}

/** The first whole percent above the minutes used that no rule watches, nor the alerts journey's edit (95). */
async function percentAbove(request: APIRequestContext): Promise<number> {
  const { used, committed } = await currentUsage(request)
  const watched = (await rules(request)).flatMap((rule) => (rule.percent === null ? [] : [rule.percent]))
  const taken = [...DEFAULT_USAGE_PERCENTS, 95, ...watched] as number[]
  let percent = Math.floor((used * 100) / committed) + 1
  while (taken.includes(percent)) percent++
  return percent
}

const asManager = { headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE } }

test('a rule sent only to email reaches the mailbox, says who added the address, and never the webhook', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000)
  const receiver = await startWebhookReceiver()
  let smtp: SmtpSink | null = null
  const run = randomUUID().slice(0, 6)
  const [mailName, hookName, mailbox] = [`Ops mail ${run}`, `Ops hook ${run}`, `ops-${run}@e2e.test`]
  let ruleId: string | null = null
  try {
    smtp = await startSmtpSink({ port: ports.alertSmtp })
    await page.goto('/alerts')
    await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible()

    // The two channels.
    await page.getByRole('button', { name: 'Add email' }).click()
    const emailDialog = page.getByRole('dialog', { name: 'Add an email channel' })
    await emailDialog.getByLabel('Name').fill(mailName)
    await emailDialog.getByLabel('Recipients').fill(mailbox)
    await emailDialog.getByRole('button', { name: 'Add channel' }).click()
    await expect(emailDialog).toBeHidden()
    await page.getByRole('button', { name: 'Add webhook' }).click()
    const webhookDialog = page.getByRole('dialog', { name: 'Add a webhook' })
    await webhookDialog.getByLabel('Name').fill(hookName)
    await webhookDialog.getByLabel('URL').fill(receiver.url)
    await webhookDialog.getByRole('button', { name: 'Add channel' }).click()
    await page.getByRole('button', { name: 'I have copied it' }).click()
    const channels = page.getByRole('region', { name: 'Channels table' })
    await expect(channels.getByRole('row', { name: hookName })).toBeVisible()

    // The rule, to the email alone: chosen with the keyboard, as the form's radios and checkboxes allow.
    const percent = await percentAbove(request)
    await page.getByRole('button', { name: 'Add rule' }).click()
    const ruleDialog = page.getByRole('dialog', { name: 'Add a rule' })
    await ruleDialog.getByRole('spinbutton', { name: 'Percent of the commitment' }).fill(String(percent))
    const sendTo = ruleDialog.getByRole('group', { name: 'Send to' })
    await expect(sendTo.getByRole('radio', { name: /Every channel/ })).toBeChecked()
    await sendTo.getByRole('radio', { name: /Every channel/ }).focus()
    await page.keyboard.press('ArrowDown')
    await expect(sendTo.getByRole('radio', { name: /Only the channels ticked/ })).toBeChecked()
    const mailBox = sendTo.getByRole('checkbox', { name: new RegExp(mailName) })
    await mailBox.focus()
    await page.keyboard.press('Space')
    await expect(mailBox).toBeChecked()
    await expect(sendTo.getByRole('checkbox', { name: new RegExp(hookName) })).not.toBeChecked()
    expect(await axeViolations(page)).toEqual([])
    await ruleDialog.getByRole('button', { name: 'Add rule' }).click()
    await expect(ruleDialog).toBeHidden()
    const description = `Minutes used reach ${percent}% of the commitment`
    const ruleRow = page.getByRole('region', { name: 'Rules table' }).getByRole('row', { name: description })
    await expect(ruleRow).toContainText(mailName)
    await expect(ruleRow).not.toContainText(hookName)
    ruleId = (await rules(request)).find((rule) => rule.percent === percent)?.id ?? null
    expect(ruleId).not.toBeNull()

    // Support places calls until the minutes cross the rule's share of the commitment.
    const support = await browser.newContext({ storageState: authFile(ports.app, 'support'), baseURL: urls.app })
    try {
      for (let calls = 0; ; calls++) {
        const usage = await currentUsage(request)
        if (usage.used * 100 >= percent * usage.committed) break
        expect(calls, 'calls placed without reaching the rule').toBeLessThan(15)
        const placed = await placeCall(support.request, { destination: NUMBERS.answers, metadata: { run: 'routing' } })
        await expect
          .poll(async () => (await currentUsage(request)).used, { timeout: 60_000, message: placed.call_id })
          .toBeGreaterThan(usage.used)
      }
    } finally {
      await support.close()
    }

    // The mail, to the address, saying who added it.
    // Rules of every channel may mail it too while it exists: this rule's mail is the one naming its percent.
    const sink = smtp
    const ofRule = () =>
      sink.messages
        .filter((mail) => mail.to.includes(mailbox))
        .map((mail) => mailPart(mail.raw, 'text/plain'))
        .filter((text) => new RegExp(`(^|\\D)${percent}% of the commitment`).test(text))
    await expect.poll(() => ofRule().length, { timeout: 90_000 }).toBe(1)
    expect(ofRule()[0]).toContain(`because ${e2eUser('manager')} (manager) added this address`)

    // The log, filtered by the rule: the email alone, delivered; the choice is in the URL.
    await page.goto('/alerts')
    await page.getByRole('combobox', { name: 'Rule' }).selectOption({ label: description })
    await expect(page).toHaveURL(new RegExp(`deliveryRule=${ruleId}`))
    const log = page.getByRole('region', { name: 'Delivery log table' })
    await expect(log.getByRole('row').filter({ hasText: mailName }).first()).toContainText('Delivered', {
      timeout: 30_000,
    })
    await expect(log.getByRole('row').filter({ hasText: hookName })).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('combobox', { name: 'Rule' })).toHaveValue(ruleId ?? '')
    expect(await axeViolations(page)).toEqual([])
    // The receiver never heard of this rule (other rules, sent to every channel, may have reached it).
    const aboutRule = receiver.received.filter((request) => request.body.includes(`"ruleId":"${ruleId}"`))
    expect(aboutRule).toEqual([])
  } finally {
    // Leave the console as it was: a later run's rules and mails are its own.
    if (ruleId) await request.delete(`/api/console${ALERT_PATHS.rules}/${ruleId}`, asManager)
    const listed = await request.get(`/api/console${ALERT_PATHS.channels}`)
    if (listed.ok()) {
      const { channels } = (await listed.json()) as { channels: { id: string; name: string }[] }
      for (const channel of channels.filter((one) => one.name === mailName || one.name === hookName))
        await request.delete(`/api/console${ALERT_PATHS.channels}/${channel.id}`, asManager)
    }
    await receiver.close()
    await smtp?.close()
  }
})
