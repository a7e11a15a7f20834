// The store's rows as the contract (src/api/contract/alert-schemas.ts) says them: what routes and onFired hand out.
import type { AlertFiring, AlertRule } from '../../../../src/api/contract/alert-schemas'
import type { AlertFiringRow } from '../../store/alert-firings'
import type { AlertRuleRow } from '../../store/alert-rules'
import { ruleDescription } from './alert-words'

export const alertFiringOf = (row: AlertFiringRow): AlertFiring => ({
  id: row.id,
  ruleId: row.ruleId,
  kind: row.kind,
  periodStart: new Date(row.periodStart).toISOString(),
  subject: row.subject === '' ? null : row.subject,
  firedAt: new Date(row.firedAt).toISOString(),
  message: row.message,
})

/** `channels`: the ids of the channels that exist; a deleted one a rule still names is left out of its answer. */
export const alertRuleOf = (row: AlertRuleRow, firedThisPeriod: boolean, channels: ReadonlySet<string>): AlertRule => ({
  id: row.id,
  kind: row.kind,
  percent: row.percent,
  enabled: row.enabled,
  description: ruleDescription(row.kind, row.percent),
  updatedAt: new Date(row.updatedAt).toISOString(),
  // The person's email while they exist; the seeded defaults and the demo's rule have nobody.
  updatedBy: row.updatedByEmail ?? row.updatedBy,
  firedThisPeriod,
  channelIds: row.channelIds === null ? null : row.channelIds.filter((id) => channels.has(id)),
})
