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
    | '/do-not-call'
    | '/scorecards'
  label: string
  /** Only the page itself is marked current, not the pages under it (a call under Calls). */
  exact: boolean
  permission: Permission
  /** Another permission that opens the page too (managers see /callbacks for the overdue ones). */
  orPermission?: Permission
  /**
   * Left out of the header's row for those who hold this one, and listed in the person's menu instead ("More
   * pages"): an admin's row has room for eight pages at 1280 px (e2e/header.spec.ts). The `g` key, the palette and
   * the shortcut help keep it.
   */
  menuWith?: Permission
  /** The letter after `g` that goes to it (keyboard/README.md). */
  goKey: string
}

// Each page with the permission it needs: a role sees only the pages of its work. The header's
// navigation, the `g` shortcuts and the command palette all read this one list.
export const NAV_PAGES: readonly NavPage[] = [
  { to: '/calls', label: 'Calls', exact: true, permission: 'calls:read', goKey: 'c' },
  { to: '/live', label: 'Live', exact: false, permission: 'calls:read', goKey: 'l' },
  { to: '/calls/new', label: 'New call', exact: true, permission: 'calls:create', goKey: 'n' },
  {
    to: '/call-lists',
    label: 'Call lists',
    exact: false,
    permission: 'call-lists:read',
    menuWith: 'users:manage',
    goKey: 'w',
  },
  {
    to: '/callbacks',
    label: 'Callbacks',
    exact: false,
    permission: 'callbacks:work',
    orPermission: 'callbacks:oversee',
    menuWith: 'users:manage',
    goKey: 'b',
  },
  { to: '/caller-ids', label: 'Caller IDs', exact: false, permission: 'caller-ids:read', goKey: 'i' },
  { to: '/usage', label: 'Usage', exact: false, permission: 'usage:read', goKey: 'u' },
  { to: '/alerts', label: 'Alerts', exact: false, permission: 'alerts:manage', goKey: 'r' },
  {
    to: '/integrations',
    label: 'Integrations',
    exact: false,
    permission: 'integrations:manage',
    menuWith: 'users:manage',
    goKey: 'e',
  },
  { to: '/users', label: 'Users', exact: false, permission: 'users:manage', goKey: 'p' },
  { to: '/audit', label: 'Audit log', exact: false, permission: 'audit:read', goKey: 'a' },
  // Every role may read the list (the route); only those who keep it are linked to it, from their menu.
  {
    to: '/do-not-call',
    label: 'Do not call',
    exact: false,
    permission: 'do-not-call:manage',
    menuWith: 'users:manage',
    goKey: 'd',
  },
  // Issue 53: the questions managers score calls against, kept by admins.
  {
    to: '/scorecards',
    label: 'Scorecards',
    exact: false,
    permission: 'scorecards:manage',
    menuWith: 'users:manage',
    goKey: 's',
  },
]

/** The pages this person's role has: the `g` keys, the palette and the shortcut help. */
export function pagesFor(session: SessionResponse | null | undefined): NavPage[] {
  return NAV_PAGES.filter(
    (page) => can(session, page.permission) || (page.orPermission !== undefined && can(session, page.orPermission)),
  )
}

const inMenu = (session: SessionResponse | null | undefined, page: NavPage) =>
  page.menuWith !== undefined && can(session, page.menuWith)

/** The header's row of pages. */
export const rowPagesFor = (session: SessionResponse | null | undefined) =>
  pagesFor(session).filter((page) => !inMenu(session, page))

/** The pages the person's menu lists, as the row has no room for them. */
export const menuPagesFor = (session: SessionResponse | null | undefined) =>
  pagesFor(session).filter((page) => inMenu(session, page))
