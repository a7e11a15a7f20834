import { describe, expect, it } from 'vitest'
import type { CallingHoursAnswer, CallingHoursException } from '@/api/contract/calling-hours-schemas'
import type { DoNotCallEntry } from '@/api/contract/do-not-call-schemas'
import { placementBlock } from './placement-block'

const now = Date.parse('2026-12-06T05:14:00Z')
const formatDay = (iso: string) => iso.slice(0, 10)

const listed: DoNotCallEntry = {
  phone_number: '+13035550123',
  reason: 'asked on the phone, ticket 4711',
  source: 'manual',
  added_by: 'ada@example.com',
  added_at: '2026-11-02T10:00:00Z',
}

const lateInDenver: CallingHoursAnswer = {
  allowed: false,
  zones: ['America/Denver'],
  local_times: ['22:14'],
  window: { start: '08:00', end: '21:00' },
  opens_at: '2026-12-06T15:00:00Z',
  sentence: 'It is 22:14 for the callee (America/Denver); calls are allowed 08:00–21:00.',
}

const exceptionUntil = (expiresAt: string): CallingHoursException => ({
  phone_number: '+13035550123',
  reason: 'the callee asked to be called back tonight',
  allowed_by: 'admin@example.com',
  allowed_at: '2026-12-06T05:10:00Z',
  expires_at: expiresAt,
})

describe('placementBlock', () => {
  it('says nothing of a number neither listed nor outside its hours, nor when the console enforces no hours', () => {
    expect(
      placementBlock({ listed: null, hours: { ...lateInDenver, allowed: true }, exception: null, now, formatDay }),
    ).toBeNull()
    expect(placementBlock({ listed: null, hours: null, exception: null, now, formatDay })).toBeNull()
  })

  it('names when, by whom and why a listed number was listed', () => {
    expect(placementBlock({ listed, hours: null, exception: null, now, formatDay })).toEqual({
      kind: 'do-not-call',
      sentence: 'On the do-not-call list since 2026-11-02 by ada@example.com: asked on the phone, ticket 4711',
    })
  })

  it('puts the list before the hours, and no exception for the hours lets a listed number through', () => {
    const block = placementBlock({
      listed,
      hours: lateInDenver,
      exception: exceptionUntil('2026-12-06T05:25:00Z'),
      now,
      formatDay,
    })
    expect(block?.kind).toBe('do-not-call')
  })

  it('outside the hours, gives the console’s sentence and when calls open', () => {
    expect(placementBlock({ listed: null, hours: lateInDenver, exception: null, now, formatDay })).toEqual({
      kind: 'calling-hours',
      sentence: 'It is 22:14 for the callee (America/Denver); calls are allowed 08:00–21:00.',
      opensAt: '2026-12-06T15:00:00Z',
    })
  })

  it('lets the call through outside the hours while an admin’s exception lasts, and not after', () => {
    const allowed = { listed: null, hours: lateInDenver, now, formatDay }
    expect(placementBlock({ ...allowed, exception: exceptionUntil('2026-12-06T05:25:00Z') })).toBeNull()
    expect(placementBlock({ ...allowed, exception: exceptionUntil('2026-12-06T05:14:00Z') })?.kind).toBe(
      'calling-hours',
    )
  })
})
