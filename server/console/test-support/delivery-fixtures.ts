// What the delivery tests share: a store with a delivery service over it, channels, and a firing.
import type { AlertFiring } from '../../../src/api/contract/alert-schemas'
import { type AlertDeliveryConfig, createAlertDelivery } from '../alerts/delivery/delivery'
import { createAuditLog } from '../audit/audit-log'
import { newWebhookSecret } from '../delivery/webhook-signature'
import { createLogger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import { openTestStore } from './test-store'

/** A schedule of the same shape, short enough for a test: three attempts. */
export const SHORT_SCHEDULE = [0, 150, 300]

export async function deliveryUnderTest(config: Partial<AlertDeliveryConfig> = {}, store?: ConsoleStore) {
  const db = store ?? (await openTestStore())
  const audit = createAuditLog(db)
  const lines: string[] = []
  const delivery = createAlertDelivery({
    store: db,
    audit,
    logger: createLogger('json', (line) => {
      lines.push(line)
      return true
    }),
    config: {
      smtp: null,
      allowPrivate: true,
      consoleUrl: 'http://localhost:4173',
      schedule: SHORT_SCHEDULE,
      pollMs: 20,
      ...config,
    },
  })
  const attemptsAudited = async () =>
    (await db.db.selectFrom('audit_log').selectAll().where('action', '=', 'alert-delivery.attempted').execute()).map(
      (row) => ({ target: row.target, outcome: row.outcome, detail: JSON.parse(row.detail ?? '{}') }),
    )
  return { store: db, audit, delivery, lines, attemptsAudited }
}

let channels = 0
export async function addWebhook(store: ConsoleStore, url: string) {
  const id = `chn_test${++channels}`
  const secret = newWebhookSecret()
  await store.alertChannels.create({
    id,
    kind: 'webhook',
    name: `Receiver ${channels}`,
    url,
    recipients: null,
    secret,
    enabled: true,
    createdAt: Date.now(),
  })
  return { id, secret }
}

export async function addEmail(store: ConsoleStore, recipients: string[]) {
  const id = `chn_test${++channels}`
  await store.alertChannels.create({
    id,
    kind: 'email',
    name: `Mail ${channels}`,
    url: null,
    recipients,
    secret: null,
    enabled: true,
    createdAt: Date.now(),
  })
  return { id }
}

export const firing = (
  id: string,
  message = 'Minutes used reached 80% of the commitment: 8,012 of 10,000.',
): AlertFiring => ({
  id,
  ruleId: 'rule_80',
  kind: 'usage-percent',
  periodStart: '2026-11-01T00:00:00.000Z',
  subject: null,
  firedAt: '2026-11-26T10:00:00.000Z',
  message,
})
