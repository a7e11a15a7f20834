// The Users page's rows: every account, then the invites not yet taken up, as the contract shapes them.
import type { UserListItem } from '../../../src/api/contract/users-schemas'
import type { ConsoleStore } from '../store'
import type { InviteRow, UserRow } from '../store/schema'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export function userItem(user: UserRow, activeSessions: number): UserListItem {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    status: user.active === 1 ? 'active' : 'deactivated',
    lastSignInAt: iso(user.last_sign_in_at),
    activeSessions,
    inviteExpiresAt: null,
  }
}

export function inviteItem(invite: InviteRow, now: number): UserListItem {
  return {
    id: null,
    email: invite.email,
    role: invite.role,
    status: invite.expires_at > now ? 'invited' : 'invite-expired',
    lastSignInAt: null,
    activeSessions: 0,
    inviteExpiresAt: iso(invite.expires_at),
  }
}

export async function listUsers(store: ConsoleStore, now: number, idleMs: number): Promise<UserListItem[]> {
  const [users, invites, sessions] = await Promise.all([
    store.users.list(),
    store.invites.pending(),
    store.sessions.liveCountByUser(now, idleMs),
  ])
  return [
    ...users.map((user) => userItem(user, user.active === 1 ? (sessions.get(user.id) ?? 0) : 0)),
    ...invites.map((invite) => inviteItem(invite, now)),
  ]
}

/** One person's row as it is now, for the answer to a change. */
export async function userItemOf(store: ConsoleStore, id: string, now: number, idleMs: number) {
  const [user, sessions] = await Promise.all([store.users.byId(id), store.sessions.liveCountByUser(now, idleMs, id)])
  return user ? userItem(user, user.active === 1 ? (sessions.get(user.id) ?? 0) : 0) : null
}
