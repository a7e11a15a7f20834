// Invites not yet taken up. Taking one up deletes its row in the same transaction that
// adds the person, so a link works once even when two tabs submit it at the same moment.
import type { Role } from '../../../src/api/contract/console-schemas'
import type { ConsoleDb } from './database'
import type { InviteRow, UserRow } from './schema'
import { createUserQueries, normalizeEmail } from './users'

export type TakeUpResult = { user: UserRow } | { refused: 'no-such-link' | 'has-account' }

export function createInviteQueries(db: ConsoleDb) {
  return {
    /** Stores a new invite for the email; an earlier one's link stops working. Says whether there was one. */
    replace: async (input: {
      email: string
      role: Role
      tokenHash: string
      invitedBy: string | null
      now: number
      expiresAt: number
    }): Promise<{ replaced: boolean }> =>
      db.transaction().execute(async (trx) => {
        const email = normalizeEmail(input.email)
        const removed = await trx.deleteFrom('user_invites').where('email', '=', email).executeTakeFirst()
        await trx
          .insertInto('user_invites')
          .values({
            token_hash: input.tokenHash,
            email,
            role: input.role,
            invited_by: input.invitedBy,
            created_at: input.now,
            expires_at: input.expiresAt,
          })
          .execute()
        return { replaced: Number(removed.numDeletedRows) > 0 }
      }),

    /** A link that still works: unused, unexpired. */
    usable: (tokenHash: string, now: number): Promise<InviteRow | undefined> =>
      db
        .selectFrom('user_invites')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst(),

    /** Invites of people who have no account yet, expired ones included (the list says so). */
    pending: (): Promise<InviteRow[]> =>
      db
        .selectFrom('user_invites')
        .selectAll()
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('users').select('users.id').whereRef('users.email', '=', 'user_invites.email'))),
        )
        .orderBy('email')
        .execute(),

    /** Uses the link up and adds the person it invites, or neither. */
    takeUp: (tokenHash: string, passwordHash: string, now: number): Promise<TakeUpResult> =>
      db.transaction().execute(async (trx) => {
        const invite = await trx
          .deleteFrom('user_invites')
          .where('token_hash', '=', tokenHash)
          .where('expires_at', '>', now)
          .returningAll()
          .executeTakeFirst()
        if (!invite) return { refused: 'no-such-link' }
        const users = createUserQueries(trx)
        // Added from the shell meanwhile: the link is spent either way, and nobody's password changes.
        if (await users.byEmail(invite.email)) return { refused: 'has-account' }
        return { user: await users.add({ email: invite.email, passwordHash, role: invite.role, now }) }
      }),
  }
}

export type InviteQueries = ReturnType<typeof createInviteQueries>
