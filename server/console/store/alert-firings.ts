// Firings of alert rules and who dismissed them. A firing is written with INSERT … ON CONFLICT DO NOTHING
// against UNIQUE (rule_id, period_start, subject): whichever evaluator, in whichever console instance,
// inserts first is the one that fired; the others learn that nothing was inserted and stay quiet.
import { randomBytes } from 'node:crypto'
import type { AlertRuleKind } from '../../../src/api/contract/alert-schemas'
import type { ConsoleDb } from './database'

export interface AlertFiringRow {
  id: string
  ruleId: string
  kind: AlertRuleKind
  periodStart: number
  periodEnd: number
  /** '' for the rules that are not about one caller ID. */
  subject: string
  firedAt: number
  message: string
}

export type NewAlertFiring = Omit<AlertFiringRow, 'id'>

/** Where a page of firings ends: the next page is older than this. */
export interface FiringCursor {
  firedAt: number
  id: string
}

export function createAlertFiringQueries(db: ConsoleDb) {
  const selectFirings = () =>
    db
      .selectFrom('alert_firings')
      .select([
        'alert_firings.id',
        'alert_firings.rule_id as ruleId',
        'alert_firings.kind',
        'alert_firings.period_start as periodStart',
        'alert_firings.period_end as periodEnd',
        'alert_firings.subject',
        'alert_firings.fired_at as firedAt',
        'alert_firings.message',
      ])

  return {
    /** The firing when this call inserted it; null when the rule had already fired for that period and subject. */
    fire: async (firing: NewAlertFiring): Promise<AlertFiringRow | null> => {
      const id = `firing_${randomBytes(9).toString('base64url')}`
      const row = await db
        .insertInto('alert_firings')
        .values({
          id,
          rule_id: firing.ruleId,
          kind: firing.kind,
          period_start: firing.periodStart,
          period_end: firing.periodEnd,
          subject: firing.subject,
          fired_at: firing.firedAt,
          message: firing.message,
        })
        .onConflict((oc) => oc.columns(['rule_id', 'period_start', 'subject']).doNothing())
        .returning('id')
        .executeTakeFirst()
      return row ? { id: row.id, ...firing } : null
    },
    /**
     * Firings the channels have not taken, fired before `firedBefore`: an evaluator that stopped between the
     * insert and the hand-over left them. The fan-out is idempotent per firing and channel, so a second hand-over
     * (two instances at once) sends nothing twice.
     */
    notHandedOver: async (firedBefore: number, limit: number): Promise<AlertFiringRow[]> =>
      selectFirings()
        .where('alert_firings.handed_over_at', 'is', null)
        .where('alert_firings.fired_at', '<', firedBefore)
        .orderBy('alert_firings.fired_at')
        .limit(limit)
        .execute(),
    handedOver: async (id: string, at: number): Promise<void> => {
      await db.updateTable('alert_firings').set({ handed_over_at: at }).where('id', '=', id).execute()
    },
    /** The ids of the rules that fired in the period starting then, with the subjects they fired for. */
    firedIn: async (periodStart: number): Promise<{ ruleId: string; subject: string }[]> =>
      db
        .selectFrom('alert_firings')
        .select(['rule_id as ruleId', 'subject'])
        .where('period_start', '=', periodStart)
        .execute(),
    /** The rules with a firing in a period not yet over at `nowMs`. */
    rulesFiredInOpenPeriods: async (nowMs: number): Promise<Set<string>> =>
      new Set(
        (
          await db.selectFrom('alert_firings').select('rule_id').distinct().where('period_end', '>', nowMs).execute()
        ).map((row) => row.rule_id),
      ),
    find: async (id: string): Promise<AlertFiringRow | null> =>
      (await selectFirings().where('alert_firings.id', '=', id).executeTakeFirst()) ?? null,
    /** Newest first, older than `before` when given. */
    page: async (limit: number, before: FiringCursor | null): Promise<AlertFiringRow[]> => {
      let query = selectFirings()
      if (before)
        query = query.where((eb) =>
          eb.or([
            eb('alert_firings.fired_at', '<', before.firedAt),
            eb.and([eb('alert_firings.fired_at', '=', before.firedAt), eb('alert_firings.id', '<', before.id)]),
          ]),
        )
      return query.orderBy('alert_firings.fired_at', 'desc').orderBy('alert_firings.id', 'desc').limit(limit).execute()
    },
    /** Firings of a period not over at `nowMs` that this person has not dismissed, newest first. */
    notices: async (userId: string, nowMs: number, limit: number): Promise<AlertFiringRow[]> =>
      selectFirings()
        .where('alert_firings.period_end', '>', nowMs)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('alert_dismissals')
                .select('alert_dismissals.firing_id')
                .whereRef('alert_dismissals.firing_id', '=', 'alert_firings.id')
                .where('alert_dismissals.user_id', '=', userId),
            ),
          ),
        )
        .orderBy('alert_firings.fired_at', 'desc')
        .orderBy('alert_firings.id', 'desc')
        .limit(limit)
        .execute(),
    dismiss: async (firingId: string, userId: string, at: number): Promise<void> => {
      await db
        .insertInto('alert_dismissals')
        .values({ firing_id: firingId, user_id: userId, dismissed_at: at })
        .onConflict((oc) => oc.columns(['firing_id', 'user_id']).doNothing())
        .execute()
    },
  }
}
