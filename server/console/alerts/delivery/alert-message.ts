// What a delivery says: the webhook body (alertWebhookPayload), and the email made from the same body,
// so a channel's test and a firing read the same on every channel.
import type { AlertFiring, AlertWebhookPayload } from '../../../../src/api/contract/alert-schemas'
import { escapeHtml, type MailMessage } from '../../email/mailer'

const EVENT_FIRED = 'alert.fired'
const EVENT_TEST = 'alert.test'
export const EVENT_AUDIT_HEAD = 'audit.head'

type AuditHeadNote = NonNullable<AlertWebhookPayload['data']['auditHead']>

export function firedPayload(firing: AlertFiring, consoleUrl: string, now: number): AlertWebhookPayload {
  return {
    type: EVENT_FIRED,
    timestamp: new Date(now).toISOString(),
    data: { firing, message: firing.message, console: consoleUrl },
  }
}

export function testPayload(channelName: string, consoleUrl: string, now: number): AlertWebhookPayload {
  return {
    type: EVENT_TEST,
    timestamp: new Date(now).toISOString(),
    data: {
      firing: null,
      message: `This is a test of the channel “${channelName}” from the Voice Dashboard console at ${consoleUrl}. Alerts will arrive like this.`,
      console: consoleUrl,
    },
  }
}

/** The audit trail's head, for a copy outside the database (CONSOLE_AUDIT_HEAD_CHANNEL). */
export function auditHeadPayload(note: AuditHeadNote, consoleUrl: string, now: number): AlertWebhookPayload {
  const when = { start: 'at its start', daily: 'daily', shutdown: 'at its shutdown' }[note.noted]
  return {
    type: EVENT_AUDIT_HEAD,
    timestamp: new Date(now).toISOString(),
    data: {
      firing: null,
      message: `The audit trail’s head, noted ${when} by the Voice Dashboard console at ${consoleUrl}: ${note.head}. Keep it: npm run console -- audit verify --head ${note.head} checks a copy or a restore against it.`,
      console: consoleUrl,
      auditHead: note,
    },
  }
}

/** The email of a payload: plain text and HTML with the same words; every value is escaped in the HTML. */
export function alertEmail(
  payload: AlertWebhookPayload,
  recipients: string[],
  addedBy: { email: string; role: string } | null,
): MailMessage {
  const { firing, message, console: consoleUrl } = payload.data
  const head = payload.data.auditHead
  const subject = firing
    ? `Voice Dashboard alert: ${message}`
    : head
      ? `Voice Dashboard: audit head ${head.seq}`
      : 'Voice Dashboard: test of an alert channel'
  const facts: [string, string][] = head
    ? [
        ['Audit head', head.head],
        ['Noted at', `${payload.timestamp} (UTC)`],
        ['Instance', head.instance],
      ]
    : firing
      ? [
          ['Fired at', `${firing.firedAt} (UTC)`],
          ['Billing period from', `${firing.periodStart} (UTC)`],
          ...(firing.subject ? ([['Caller ID', firing.subject]] as [string, string][]) : []),
          ['Rule', firing.kind],
        ]
      : [['Sent at', `${payload.timestamp} (UTC)`]]
  const alertsUrl = `${consoleUrl}/alerts`
  const why = whyYouReceiveThis(addedBy)
  const text = [
    message,
    '',
    ...facts.map(([name, value]) => `${name}: ${value}`),
    '',
    `Open the alerts: ${alertsUrl}`,
    '',
    why,
  ].join('\n')
  const rows = facts
    .map(([name, value]) => `<tr><th align="left">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('')
  const html = [
    '<!doctype html><html><body>',
    `<p><strong>${escapeHtml(message)}</strong></p>`,
    `<table>${rows}</table>`,
    `<p><a href="${escapeHtml(alertsUrl)}">Open the alerts</a></p>`,
    `<p>${escapeHtml(why)}</p>`,
    '</body></html>',
  ].join('')
  return { to: recipients, subject, text, html }
}

/** Who put the address on the channel, as they were then; a channel added before that was kept says who could have. */
function whyYouReceiveThis(addedBy: { email: string; role: string } | null): string {
  const who = addedBy ? `${addedBy.email} (${addedBy.role})` : 'a manager or an admin'
  return `You receive this because ${who} added this address to an alert channel of the Voice Dashboard console.`
}
