import type { Permission, SessionResponse } from '@/api/contract/console-schemas'
import { can } from '@/api/session'

export interface NavPage {
  to:
    | '/calls'
    | '/live'
    | '/calls/new'
    | '/call-lists'
    | '/callbacks'
    | '/caller-ids'
    | '/usage'
    | '/alerts'
    | '/integrations'
    | '/users'
    | '/audit'
  label: string
  /** Only the page itself is marked current, not the pages under it (a call under Calls). */
  exact: boolean
  permission: Permission
  /** Another permission that opens the page too (managers see /callbacks for the overdue ones). */
  orPermission?: Permission
  /**
   * Left out of the navigation of those who hold this one: an admin's row has no room for a ninth page at 1280 px
   * (e2e/header.spec.ts). The page itself stays theirs (its link in the header when callbacks are due, its address).
   */
  notWith?: Permission
  /** The letter after `g` that goes to it (keyboard/README.md). */
  goKey: string
}

// Each page with the permission it needs: a role sees only the pages of its work. The header's
// navigation, the `g` shortcuts and the command palette all read this one list.
export const NAV_PAGES: readonly NavPage[] = [
  { to: '/calls', label: 'Calls', exact: true, permission: 'calls:read', goKey: 'c' },
  { to: '/live', label: 'Live', exact: false, permission: 'calls:read', goKey: 'l' },
  { to: '/calls/new', label: 'New call', exact: true, permission: 'calls:create', goKey: 'n' },
  { to: '/call-lists', label: 'Call lists', exact: false, permission: 'call-lists:read', goKey: 'w' },
  {
    to: '/callbacks',
    label: 'Callbacks',
    exact: false,
    permission: 'callbacks:work',
    orPermission: 'callbacks:oversee',
    notWith: 'users:manage',
    goKey: 'b',
  },
  { to: '/caller-ids', label: 'Caller IDs', exact: false, permission: 'caller-ids:read', goKey: 'i' },
  { to: '/usage', label: 'Usage', exact: false, permission: 'usage:read', goKey: 'u' },
  { to: '/alerts', label: 'Alerts', exact: false, permission: 'alerts:manage', goKey: 'r' },
  { to: '/integrations', label: 'Integrations', exact: false, permission: 'integrations:manage', goKey: 'e' },
  { to: '/users', label: 'Users', exact: false, permission: 'users:manage', goKey: 'p' },
  { to: '/audit', label: 'Audit log', exact: false, permission: 'audit:read', goKey: 'a' },
]

/** The pages this person's role has. */
export function pagesFor(session: SessionResponse | null | undefined): NavPage[] {
  return NAV_PAGES.filter(
    (page) =>
      (can(session, page.permission) || (page.orPermission !== undefined && can(session, page.orPermission))) &&
      !(page.notWith !== undefined && can(session, page.notWith)),
  )
}
