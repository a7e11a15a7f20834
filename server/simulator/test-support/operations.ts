// The ten operations of the spec, so auth, fuzz and contract tests cover each one.
export interface Operation {
  method: 'GET' | 'POST'
  /** Path under /api/v1/voice as the spec writes it, with {call_id} as placeholder. */
  path: string
  /** A valid body for POST operations (caller_id filled in by the test when needed). */
  body?: Record<string, unknown>
}

export const OPERATIONS: readonly Operation[] = [
  { method: 'POST', path: '/caller-ids', body: { phone_number: '+14155550199' } },
  { method: 'GET', path: '/caller-ids' },
  { method: 'POST', path: '/calls', body: { destination: '+15005550006' } },
  { method: 'GET', path: '/calls' },
  { method: 'GET', path: '/calls/{call_id}' },
  { method: 'GET', path: '/calls/{call_id}/status' },
  { method: 'GET', path: '/calls/{call_id}/recordings' },
  { method: 'GET', path: '/account' },
  { method: 'GET', path: '/usage' },
  { method: 'GET', path: '/usage/history' },
]

export const withCallId = (path: string, callId: string) => path.replace('{call_id}', encodeURIComponent(callId))
export const opName = (op: Operation) => `${op.method} ${op.path}`
