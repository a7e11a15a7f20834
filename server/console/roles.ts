// The role matrix: which permissions each role holds. The one table the server
// enforces (see operations.ts and the console routes) and the SPA's navigation reads
// (through the session's `permissions`).
import { PERMISSIONS, type Permission, type Role } from '../../src/api/contract/console-schemas'

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  support: [
    'calls:read',
    'calls:create',
    'caller-ids:read',
    'account:read',
    'calls:work',
    'call-lists:read',
    'callbacks:work',
    'do-not-call:read',
  ],
  manager: [
    'calls:read',
    'caller-ids:read',
    'account:read',
    'usage:read',
    'alerts:manage',
    'calls:work-any',
    'call-lists:read',
    'call-lists:manage',
    'callbacks:oversee',
    'do-not-call:read',
    'calls:score',
    'reports:subscribe',
  ],
  admin: PERMISSIONS,
}

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission)
}
