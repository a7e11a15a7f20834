// A list's contacts as agents work them: claims, calls to them and what came of it. A claim is taken by a
// conditional UPDATE that only a free or lapsed contact passes, so of agents racing for one contact (two tabs, two
// instances on one PostgreSQL) exactly one gets it; the others move on to the next (store/README.md).
import type { ExpressionBuilder } from 'kysely'
import type { StoreAdapter } from './adapter'
import type { ConsoleDb } from './database'
import type { ConsoleDatabase } from './schema'

export interface ContactRow {
  id: number
  listId: string
  line: number
  number: string
  metadata: Record<string, string>
  state: 'waiting' | 'done'
  tries: number
  nextAt: number
  claimedBy: string | null
  claimExpiresAt: number | null
  claimCallId: string | null
}

export interface AttemptRow {
  callId: string
  by: string
  at: number
  outcome: string | null
}

/** The call's outcome row, when `outcome` is still the one it has. */
const currentOutcome = (
  selectFrom: ExpressionBuilder<ConsoleDatabase, never>['selectFrom'],
  callId: string,
  outcome: string,
) =>
  selectFrom('call_outcomes')
    .select('call_outcomes.call_id')
    .where('call_outcomes.call_id', '=', callId)
    .where('call_outcomes.kind_id', '=', outcome)

/** Candidates read at once for a claim: past them a claimer reads again (every one was taken meanwhile). */
const CANDIDATES = 16
const MAX_ROUNDS = 8

export function createCallListContactQueries(db: ConsoleDb, adapter: StoreAdapter) {
  const selectContacts = (q: ConsoleDb = db) =>
    q
      .selectFrom('call_list_contacts')
      .select([
        'id',
        'list_id as listId',
        'line',
        'number',
        'metadata',
        'state',
        'tries',
        'next_at as nextAt',
        'claimed_by as claimedBy',
        'claim_expires_at as claimExpiresAt',
        'claim_call_id as claimCallId',
      ])
  type Selected = Awaited<ReturnType<ReturnType<typeof selectContacts>['executeTakeFirstOrThrow']>>
  const toRow = (row: Selected): ContactRow => ({
    ...row,
    id: Number(row.id),
    metadata: JSON.parse(row.metadata) as Record<string, string>,
  })

  const find = async (id: number, q: ConsoleDb = db): Promise<ContactRow | null> => {
    const row = await selectContacts(q).where('id', '=', id).executeTakeFirst()
    return row ? toRow(row) : null
  }

  /** Takes `id` for `userId` if it is still waiting and free (or its claim lapsed, or is theirs already). */
  const take = async (q: ConsoleDb, id: number, userId: string, now: number, ttlMs: number): Promise<boolean> => {
    const result = await q
      .updateTable('call_list_contacts')
      .set({ claimed_by: userId, claim_expires_at: now + ttlMs, claim_call_id: null })
      .where('id', '=', id)
      .where('state', '=', 'waiting')
      .where('next_at', '<=', now)
      .where((eb) =>
        eb.or([eb('claimed_by', 'is', null), eb('claim_expires_at', '<=', now), eb('claimed_by', '=', userId)]),
      )
      // Never a second contact of the list for one person: on SQLite this statement alone keeps it so.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('call_list_contacts as other')
              .select('other.id')
              .whereRef('other.list_id', '=', 'call_list_contacts.list_id')
              .where('other.claimed_by', '=', userId)
              .where('other.state', '=', 'waiting')
              .where('other.id', '!=', id),
          ),
        ),
      )
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  /** The contact `userId` holds in `listId`: lapsed or not, as long as nobody took it. */
  const heldBy = async (q: ConsoleDb, listId: string, userId: string): Promise<number | null> => {
    const row = await q
      .selectFrom('call_list_contacts')
      .select('id')
      .where('list_id', '=', listId)
      .where('claimed_by', '=', userId)
      .where('state', '=', 'waiting')
      .orderBy('id')
      .executeTakeFirst()
    return row ? Number(row.id) : null
  }

  return {
    find,
    /**
     * The contact `userId` works in `listId`: the one they hold (in another tab, or held since before a pause,
     * as long as nobody took it after it lapsed), renewed; else the next due one, claimed. Null when none is due.
     */
    claim: (
      listId: string,
      userId: string,
      now: number,
      ttlMs: number,
      /** When a contact may be called if not now (calling hours at the callee's): it waits until then. */
      heldUntil?: (number: string, now: number) => Promise<number | null>,
      /**
       * Whether a contact is never to be called (its number on the do-not-call list): it is done, marked with
       * `neverCalled.mark` in place of an outcome, and the claim moves on.
       */
      neverCalled?: { test: (number: string) => Promise<boolean>; mark: string },
    ): Promise<ContactRow | null> =>
      // One claim of a person's on a list at a time (their tabs, every instance): two at once would each find
      // nothing held and take a contact apiece, so one person would hold several and others get nothing.
      adapter.takingTurns(db, `call-list-claim:${listId}:${userId}`, async (tx) => {
        const held = await heldBy(tx, listId, userId)
        if (held !== null) {
          await tx
            .updateTable('call_list_contacts')
            .set({ claim_expires_at: now + ttlMs })
            .where('id', '=', held)
            .where('claimed_by', '=', userId)
            .execute()
          return find(held, tx)
        }
        for (let round = 0; round < MAX_ROUNDS; round++) {
          const candidates = await tx
            .selectFrom('call_list_contacts')
            .select(['id', 'number'])
            .where('list_id', '=', listId)
            .where('state', '=', 'waiting')
            .where('next_at', '<=', now)
            .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claim_expires_at', '<=', now)]))
            .orderBy('next_at')
            .orderBy('id')
            .limit(CANDIDATES)
            .execute()
          if (candidates.length === 0) return null
          for (const { id, number } of candidates) {
            if (neverCalled && (await neverCalled.test(number))) {
              await tx
                .updateTable('call_list_contacts')
                .set({ state: 'done', last_outcome: neverCalled.mark, claimed_by: null, claim_expires_at: null })
                .where('id', '=', Number(id))
                .where('state', '=', 'waiting')
                .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claim_expires_at', '<=', now)]))
                .execute()
              continue
            }
            const until = heldUntil ? await heldUntil(number, now) : null
            if (until !== null && until > now) {
              // Out of its callee's hours: due again when they open, so the next round reads other contacts.
              await tx
                .updateTable('call_list_contacts')
                .set({ next_at: until })
                .where('id', '=', Number(id))
                .where('state', '=', 'waiting')
                .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claim_expires_at', '<=', now)]))
                .execute()
              continue
            }
            if (!(await take(tx, Number(id), userId, now, ttlMs))) continue
            const row = await find(Number(id), tx)
            if (row) return { ...row, claimCallId: null }
          }
        }
        return null
      }),
    /**
     * Renews `userId`'s claim on a contact they still hold (lapsed or not, as long as nobody took it and it is not
     * finished): a call about to be placed to it. False: it is not theirs any more.
     */
    renewHeld: async (contactId: number, userId: string, now: number, ttlMs: number): Promise<boolean> => {
      const result = await db
        .updateTable('call_list_contacts')
        .set({ claim_expires_at: now + ttlMs })
        .where('id', '=', contactId)
        .where('claimed_by', '=', userId)
        .where('state', '=', 'waiting')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
    /** When the next waiting contact that is not due yet comes due; null when none waits. */
    nextDueAt: async (listId: string, now: number): Promise<number | null> => {
      const row = await db
        .selectFrom('call_list_contacts')
        .select((eb) => eb.fn.min('next_at').as('at'))
        .where('list_id', '=', listId)
        .where('state', '=', 'waiting')
        .where('next_at', '>', now)
        .executeTakeFirst()
      return row?.at == null ? null : Number(row.at)
    },
    attemptsOf: async (contactId: number): Promise<AttemptRow[]> =>
      db
        .selectFrom('call_list_attempts')
        .innerJoin('users', 'users.id', 'call_list_attempts.by_user_id')
        .select([
          'call_list_attempts.call_id as callId',
          'users.email as by',
          'call_list_attempts.at',
          'call_list_attempts.outcome',
        ])
        .where('call_list_attempts.contact_id', '=', contactId)
        .orderBy('call_list_attempts.at', 'desc')
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, at: Number(r.at) }))),
    /**
     * Records the call placed to a contact its placer holds: once per call id (the same placement answered again
     * after a reload records nothing new). False when the contact is not theirs (any more).
     */
    recordAttempt: (contactId: number, callId: string, userId: string, now: number, ttlMs: number) =>
      db.transaction().execute(async (tx) => {
        const contact = await tx
          .selectFrom('call_list_contacts')
          .select(['list_id', 'claimed_by'])
          .where('id', '=', contactId)
          .executeTakeFirst()
        if (!contact || contact.claimed_by !== userId) return false
        const inserted = await tx
          .insertInto('call_list_attempts')
          .values({ call_id: callId, list_id: contact.list_id, contact_id: contactId, by_user_id: userId, at: now })
          .onConflict((oc) => oc.column('call_id').doNothing())
          .returning('call_id')
          .executeTakeFirst()
        if (!inserted) return true
        await tx
          .updateTable('call_list_contacts')
          .set((eb) => ({
            tries: eb(eb.ref('tries'), '+', 1),
            claim_call_id: callId,
            last_call_id: callId,
            claim_expires_at: now + ttlMs,
          }))
          .where('id', '=', contactId)
          .execute()
        return true
      }),
    /**
     * Ends `userId`'s claim. `skip`: back at the end of the due ones, the try not counted. After a call whose
     * outcome is not known yet, the contact comes back as a No answer would, or is done past `maxTries`; an
     * outcome saved later decides again (outcomeSaved).
     */
    release: async (
      contactId: number,
      userId: string,
      how: { skip: boolean; now: number; comeBackMs: number; maxTries: number },
    ): Promise<boolean> => {
      const contact = await find(contactId)
      if (!contact || contact.claimedBy !== userId) return false
      const called = contact.claimCallId !== null && !how.skip
      const done = called && contact.tries >= how.maxTries
      const result = await db
        .updateTable('call_list_contacts')
        .set({
          claimed_by: null,
          claim_expires_at: null,
          claim_call_id: null,
          state: done ? 'done' : contact.state,
          next_at: how.skip ? how.now : called ? how.now + how.comeBackMs : contact.nextAt,
        })
        .where('id', '=', contactId)
        .where('claimed_by', '=', userId)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
    /** The attempt of `callId`, when that call was made to a list's contact. */
    attemptOf: async (callId: string) =>
      db
        .selectFrom('call_list_attempts')
        .innerJoin('call_lists', 'call_lists.id', 'call_list_attempts.list_id')
        .innerJoin('call_list_contacts', 'call_list_contacts.id', 'call_list_attempts.contact_id')
        .select([
          'call_list_attempts.contact_id as contactId',
          'call_list_contacts.tries',
          'call_lists.come_back_minutes as comeBackMinutes',
          'call_lists.max_tries as maxTries',
        ])
        .where('call_list_attempts.call_id', '=', callId)
        .executeTakeFirst(),
    /**
     * An outcome saved for a list's call: on the attempt, and on its contact, which comes back at `comesBackAt`
     * or is done (null). The contact's claim ends: its placer has moved on to the outcome.
     */
    outcomeSaved: (callId: string, contactId: number, outcome: string, comesBackAt: number | null) =>
      db.transaction().execute(async (tx) => {
        // Two saves at once (two tabs) tell their listeners in any order: only the outcome the call has now decides,
        // so a stale "No answer" told after "Reached" never brings a reached callee back to be called again.
        await tx
          .updateTable('call_list_attempts')
          .set({ outcome })
          .where('call_id', '=', callId)
          .where(({ exists, selectFrom }) => exists(currentOutcome(selectFrom, callId, outcome)))
          .execute()
        await tx
          .updateTable('call_list_contacts')
          .set({
            last_outcome: outcome,
            state: comesBackAt === null ? 'done' : 'waiting',
            next_at: comesBackAt ?? 0,
            claimed_by: null,
            claim_expires_at: null,
            claim_call_id: null,
          })
          .where('id', '=', contactId)
          // Only the outcome of the contact's latest call decides where it stands.
          .where('last_call_id', '=', callId)
          .where(({ exists, selectFrom }) => exists(currentOutcome(selectFrom, callId, outcome)))
          .execute()
      }),
  }
}
