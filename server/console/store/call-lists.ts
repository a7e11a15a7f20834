// Call lists: the list, who works it, its progress, and the import that saves it with its contacts in one
// transaction (a half-imported list is never seen). Claims and attempts: call-list-contacts.ts.
import { randomBytes } from 'node:crypto'
import type { CallListSettings } from '../../../src/api/contract/call-list-schemas'
import type { ConsoleDb } from './database'

export interface CallListRow {
  id: string
  name: string
  callerId: string | null
  record: boolean
  comeBackMinutes: number
  maxTries: number
  everyone: boolean
  paused: boolean
  archived: boolean
  createdBy: string
  createdAt: number
}

export interface ImportedContact {
  line: number
  number: string
  metadata: Record<string, string>
}

export interface ListProgress {
  total: number
  done: number
  left: number
  later: number
  byOutcome: { outcome: string; count: number }[]
}

/** Rows per INSERT: well within either store's limit on a statement's parameters (SQLite 32,766; PostgreSQL 65,535). */
const INSERT_BATCH = 1_000

export function createCallListQueries(db: ConsoleDb) {
  const selectLists = () =>
    db
      .selectFrom('call_lists')
      .innerJoin('users', 'users.id', 'call_lists.created_by')
      .select([
        'call_lists.id',
        'call_lists.name',
        'call_lists.caller_id as callerId',
        'call_lists.record',
        'call_lists.come_back_minutes as comeBackMinutes',
        'call_lists.max_tries as maxTries',
        'call_lists.everyone',
        'call_lists.paused',
        'call_lists.archived',
        'users.email as createdBy',
        'call_lists.created_at as createdAt',
      ])
  type Selected = Awaited<ReturnType<ReturnType<typeof selectLists>['executeTakeFirstOrThrow']>>
  const toRow = (row: Selected): CallListRow => ({
    ...row,
    record: row.record === 1,
    everyone: row.everyone === 1,
    paused: row.paused === 1,
    archived: row.archived === 1,
  })

  return {
    /**
     * Saves a list and its contacts at once: the contacts go in batches within one transaction, so a list is
     * there whole or not at all.
     */
    create: async (
      settings: CallListSettings,
      contacts: readonly ImportedContact[],
      createdBy: string,
      at: number,
    ): Promise<string> => {
      const id = `list_${randomBytes(9).toString('base64url')}`
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('call_lists')
          .values({
            id,
            name: settings.name,
            caller_id: settings.callerId,
            record: settings.record ? 1 : 0,
            come_back_minutes: settings.comeBackMinutes,
            max_tries: settings.maxTries,
            everyone: settings.everyone ? 1 : 0,
            paused: 0,
            archived: 0,
            created_by: createdBy,
            created_at: at,
          })
          .execute()
        await assign(tx, id, settings)
        for (let start = 0; start < contacts.length; start += INSERT_BATCH) {
          await tx
            .insertInto('call_list_contacts')
            .values(
              contacts.slice(start, start + INSERT_BATCH).map((contact) => ({
                list_id: id,
                line: contact.line,
                number: contact.number,
                metadata: JSON.stringify(contact.metadata),
                state: 'waiting' as const,
                tries: 0,
                next_at: 0,
              })),
            )
            .execute()
        }
      })
      return id
    },
    find: async (id: string): Promise<CallListRow | null> => {
      const row = await selectLists().where('call_lists.id', '=', id).executeTakeFirst()
      return row ? toRow(row) : null
    },
    /** Every list (managers), or those a person works: everyone's and their own, not archived. */
    list: async (forUser: string | null): Promise<CallListRow[]> => {
      let query = selectLists()
      if (forUser !== null)
        query = query
          .where('call_lists.archived', '=', 0)
          .where((eb) =>
            eb.or([
              eb('call_lists.everyone', '=', 1),
              eb.exists(
                eb
                  .selectFrom('call_list_assignees')
                  .select('call_list_assignees.user_id')
                  .whereRef('call_list_assignees.list_id', '=', 'call_lists.id')
                  .where('call_list_assignees.user_id', '=', forUser),
              ),
            ]),
          )
      return (await query.orderBy('call_lists.created_at', 'desc').orderBy('call_lists.id').execute()).map(toRow)
    },
    assignees: async (listId: string) =>
      db
        .selectFrom('call_list_assignees')
        .innerJoin('users', 'users.id', 'call_list_assignees.user_id')
        .select(['users.id as userId', 'users.email'])
        .where('call_list_assignees.list_id', '=', listId)
        .orderBy('users.email')
        .execute(),
    isAssigned: async (listId: string, userId: string): Promise<boolean> =>
      (await db
        .selectFrom('call_list_assignees')
        .select('user_id')
        .where('list_id', '=', listId)
        .where('user_id', '=', userId)
        .executeTakeFirst()) !== undefined,
    setAssignment: async (listId: string, settings: Pick<CallListSettings, 'everyone' | 'assignees'>) => {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('call_lists')
          .set({ everyone: settings.everyone ? 1 : 0 })
          .where('id', '=', listId)
          .execute()
        await tx.deleteFrom('call_list_assignees').where('list_id', '=', listId).execute()
        await assign(tx, listId, settings)
      })
    },
    /** Pausing keeps every contact, claim and try as it is: resuming picks up where each person was. */
    setPaused: async (listId: string, paused: boolean) => {
      await db
        .updateTable('call_lists')
        .set({ paused: paused ? 1 : 0 })
        .where('id', '=', listId)
        .execute()
    },
    progress: async (listId: string, now: number): Promise<ListProgress> => {
      const states = await db
        .selectFrom('call_list_contacts')
        .select((eb) => [
          'state',
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>(eb.case().when('next_at', '>', now).then(1).else(0).end()).as('later'),
        ])
        .where('list_id', '=', listId)
        .groupBy('state')
        .execute()
      const outcomes = await db
        .selectFrom('call_list_contacts')
        .select((eb) => ['last_outcome as outcome', eb.fn.countAll<number>().as('count')])
        .where('list_id', '=', listId)
        .where('last_outcome', 'is not', null)
        .groupBy('last_outcome')
        .orderBy('count', 'desc')
        .orderBy('last_outcome')
        .execute()
      const done = Number(states.find((s) => s.state === 'done')?.n ?? 0)
      const waiting = states.find((s) => s.state === 'waiting')
      const left = Number(waiting?.n ?? 0)
      return {
        total: done + left,
        done,
        left,
        later: Number(waiting?.later ?? 0),
        byOutcome: outcomes.map((o) => ({ outcome: o.outcome ?? '', count: Number(o.count) })),
      }
    },
  }
}

async function assign(tx: ConsoleDb, listId: string, settings: Pick<CallListSettings, 'everyone' | 'assignees'>) {
  const people = [...new Set(settings.assignees)]
  if (settings.everyone || people.length === 0) return
  await tx
    .insertInto('call_list_assignees')
    .values(people.map((userId) => ({ list_id: listId, user_id: userId })))
    .execute()
}
