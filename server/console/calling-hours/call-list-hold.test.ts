// Call lists hold a contact until their callee's calling hours open, with a real store and a clock the test moves:
// a claim passes over the Denver contact at 22:14 there, says when it is due, and gives it once Denver's morning comes.
import { describe, expect, it } from 'vitest'
import { claimNext, startCallListConsole } from '../test-support/call-list-console'
import { fakeClock } from '../test-support/console-app'
import { parseCallingWindow } from './calling-window'

// 22:14 in Denver (UTC-6 in July), 13:14 in Tokyo.
const START = Date.parse('2026-07-15T04:14:00Z')
const CSV = ['Name,Phone', 'Dee,+1 303 555 0100', 'Tom,+81 3 1234 5678'].join('\n')

describe('a call list within calling hours', () => {
  it('holds a contact until their window opens, and gives the others meanwhile', async () => {
    const clock = fakeClock(START)
    const {
      app,
      list,
      agents: { ana, ben },
    } = await startCallListConsole({
      csv: CSV,
      agents: ['ana', 'ben'],
      now: clock.now,
      callingHours: { window: parseCallingWindow('08:00-21:00'), byCountry: new Map() },
    })
    try {
      // Dee (Denver) is first in the file, but it is night there: Tom (Tokyo) is given.
      const first = await claimNext(app, ana, list.id)
      expect(first.contact?.number).toBe('+81312345678')

      // Ana holds Tom; Dee waits for Denver's 08:00, and Ben is told when that is.
      const held = await claimNext(app, ben, list.id)
      expect(held).toMatchObject({ contact: null, reason: 'later', nextAt: '2026-07-15T14:00:00.000Z' })

      clock.advance(Date.parse('2026-07-15T14:00:00Z') - START)
      const morning = await claimNext(app, await app.signIn('ben@example.com'), list.id)
      expect(morning.contact?.number).toBe('+13035550100')
    } finally {
      await app.store.close()
    }
  })
})
