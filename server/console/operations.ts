// The voice API's ten operations (spec section 4) and recording downloads (on the console's
// /storage/ route, or through its storage proxy for another origin): the only
// requests the console forwards, each with the permission it needs. Anything else is
// answered here and never reaches the upstream with the key.

import type { Permission } from '../../src/api/contract/console-schemas'
import { STORAGE_PROXY_PATH } from '../../src/api/contract/recording-links'
import { API_PREFIX } from '../../src/api/contract/schemas'

export interface Operation {
  method: 'GET' | 'POST'
  /** As the spec writes it; also the route pattern in the request log. */
  route: string
  permission: Permission
  /** Recording links are signed; they go to storage, never with the key. */
  storage?: boolean
}

// One path segment of an id: letters, digits, `_` and `-` only, so `..`, `;`, `%` never pass.
const ID = '([A-Za-z0-9_-]{1,100})'

const OPERATIONS: { pattern: RegExp; operations: Operation[] }[] = [
  {
    pattern: /^\/caller-ids$/,
    operations: [
      { method: 'POST', route: `${API_PREFIX}/caller-ids`, permission: 'caller-ids:verify' },
      { method: 'GET', route: `${API_PREFIX}/caller-ids`, permission: 'caller-ids:read' },
    ],
  },
  {
    pattern: /^\/calls$/,
    operations: [
      { method: 'POST', route: `${API_PREFIX}/calls`, permission: 'calls:create' },
      { method: 'GET', route: `${API_PREFIX}/calls`, permission: 'calls:read' },
    ],
  },
  {
    pattern: new RegExp(`^/calls/${ID}$`),
    operations: [{ method: 'GET', route: `${API_PREFIX}/calls/{call_id}`, permission: 'calls:read' }],
  },
  {
    pattern: new RegExp(`^/calls/${ID}/status$`),
    operations: [{ method: 'GET', route: `${API_PREFIX}/calls/{call_id}/status`, permission: 'calls:read' }],
  },
  {
    pattern: new RegExp(`^/calls/${ID}/recordings$`),
    operations: [{ method: 'GET', route: `${API_PREFIX}/calls/{call_id}/recordings`, permission: 'calls:read' }],
  },
  {
    pattern: /^\/account$/,
    operations: [{ method: 'GET', route: `${API_PREFIX}/account`, permission: 'account:read' }],
  },
  {
    pattern: /^\/usage$/,
    operations: [{ method: 'GET', route: `${API_PREFIX}/usage`, permission: 'usage:read' }],
  },
  {
    pattern: /^\/usage\/history$/,
    operations: [{ method: 'GET', route: `${API_PREFIX}/usage/history`, permission: 'usage:read' }],
  },
]

export const STORAGE_PREFIX = '/storage/'
const RECORDING = new RegExp(`^/storage/recordings/${ID}\\.wav$`)
const RECORDING_OPERATION: Operation = {
  method: 'GET',
  route: '/storage/recordings/{call_id}.wav',
  permission: 'calls:read',
  storage: true,
}

// A recording kept on another origin, fetched by the console (proxy/storage-target.ts checks the origin).
const PROXIED_RECORDING_OPERATION: Operation = {
  method: 'GET',
  route: STORAGE_PROXY_PATH,
  permission: 'calls:read',
  storage: true,
}

export type Match = { kind: 'operation'; operation: Operation } | { kind: 'method'; allow: string[] } | { kind: 'none' }

/** Which operation a method and raw path are; HEAD counts as GET. */
export function matchOperation(method: string, pathname: string): Match {
  const asked = method === 'HEAD' ? 'GET' : method
  const recording = RECORDING.test(pathname)
    ? RECORDING_OPERATION
    : pathname === STORAGE_PROXY_PATH
      ? PROXIED_RECORDING_OPERATION
      : null
  if (recording) {
    return asked === 'GET' ? { kind: 'operation', operation: recording } : { kind: 'method', allow: ['GET', 'HEAD'] }
  }
  if (!pathname.startsWith(`${API_PREFIX}/`)) return { kind: 'none' }
  const rest = pathname.slice(API_PREFIX.length)
  const entry = OPERATIONS.find(({ pattern }) => pattern.test(rest))
  if (!entry) return { kind: 'none' }
  const operation = entry.operations.find((candidate) => candidate.method === asked)
  if (operation) return { kind: 'operation', operation }
  const allow = entry.operations.map((candidate) => candidate.method)
  return { kind: 'method', allow: allow.includes('GET') ? [...allow, 'HEAD'] : allow }
}

/** Every operation, for the tests that walk the whole role matrix. */
export const ALL_OPERATIONS: Operation[] = [
  ...OPERATIONS.flatMap((entry) => entry.operations),
  RECORDING_OPERATION,
  PROXIED_RECORDING_OPERATION,
]
