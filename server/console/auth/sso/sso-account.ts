// The console account of a person the provider vouched for: found by issuer and subject,
// else an existing account with their email is linked, else one is created with no
// password. The role follows the provider's claims at every sign-in.
import type { Role } from '../../../../src/api/contract/console-schemas'
import type { ConsoleStore } from '../../store'
import type { UserRow } from '../../store/schema'
import type { SsoIdentity } from '../../store/users'
import { NO_PASSWORD } from '../passwords'

export type SsoAccount =
  | { user: UserRow; created: boolean; previousRole: Role | null }
  | { refused: 'account deactivated' | 'email taken by another SSO identity' | 'email taken by another account' }

export async function ssoAccount(
  store: ConsoleStore,
  identity: SsoIdentity,
  granted: { email: string; role: Role },
  now: number,
): Promise<SsoAccount> {
  let user = await store.users.byIdentity(identity)
  if (!user) {
    const sameEmail = await store.users.byEmail(granted.email)
    if (!sameEmail) {
      const created = await store.users.add({ ...granted, passwordHash: NO_PASSWORD, now, ssoIdentity: identity })
      return { user: created, created: true, previousRole: null }
    }
    // Another provider person with this email would be a takeover of someone else's account.
    if (sameEmail.sso_subject !== null) return { refused: 'email taken by another SSO identity' }
    if (sameEmail.active !== 1) return { refused: 'account deactivated' }
    await store.users.linkIdentity(sameEmail.id, identity)
    user = { ...sameEmail, sso_issuer: identity.issuer, sso_subject: identity.subject }
  }
  if (user.active !== 1) return { refused: 'account deactivated' }
  if (user.email !== granted.email) {
    if (await store.users.byEmail(granted.email)) return { refused: 'email taken by another account' }
    await store.users.setEmail(user.id, granted.email)
  }
  if (user.role !== granted.role) await store.users.setRole(user.id, granted.role)
  return { user: { ...user, ...granted }, created: false, previousRole: user.role }
}
