import { describe, expect, it } from 'vitest'
import { targetLink } from './audit-targets'

describe('targetLink', () => {
  it('leads a call’s entries to the call, a person’s to the Users page', () => {
    expect(targetLink({ action: 'call.placed', target: 'call_1' })).toEqual({ kind: 'call', callId: 'call_1' })
    expect(targetLink({ action: 'recording.played', target: 'call_2' })).toEqual({ kind: 'call', callId: 'call_2' })
    expect(targetLink({ action: 'user.role-changed', target: 'ana@example.com' })).toEqual({
      kind: 'person',
      email: 'ana@example.com',
    })
  })

  it('leads nowhere for what was typed at sign-in, a route, or no target', () => {
    expect(targetLink({ action: 'sign-in.failed', target: 'who@example.com' })).toBeNull()
    expect(targetLink({ action: 'request.forbidden', target: '/api/console/users' })).toBeNull()
    expect(targetLink({ action: 'call.refused', target: null })).toBeNull()
  })
})
