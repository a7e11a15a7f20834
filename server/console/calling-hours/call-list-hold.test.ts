// Call lists hold a contact until their callee's calling hours open, with a real store and a clock the test moves:
// a claim passes over the Denver contact at 22:14 there, says when it is due, and gives it once Denver's morning comes.
import { describe, expect, it } from 'vitest'
import type { CallList, ClaimAnswer } from '../../../src/api/contract/call-list-schemas'
import { createTestConsole, fakeClock, type TestConsole } from '../test-support/console-app'
import { parseCallingWindow } from './calling-window'

const LISTS = '/api/console/call-lists'
// 22:14 in Denver (UTC-6 in July), 13:14 in Tokyo.
const START = Date.parse('2026-07-15T04:14:00Z')
const CSV = ['Name,Phone', 'Dee,+1 303 555 0100', 'Tom,+81 3 1234 5678'].join('\n')

async function claim(app: TestConsole, cookie: string, listId: string) {
  const res = await app.request(`${LISTS}/${listId}/claim`, { cookie, method: 'POST' })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as ClaimAnswer
}

describe('a call list within calling hours', () => {
  it('holds a contact until their window opens, and gives the others meanwhile', async () => {
    const clock = fakeClock(START)
    const app = await createTestConsole({
      now: clock.now,
      callingHours: { window: parseCallingWindow('08:00-21:00'), byCountry: new Map() },
    })
    try {
      await app.addUser('mia@example.com', 'manager')
      await app.addUser('ana@example.com', 'support')
      await app.addUser('ben@example.com', 'support')
      const mia = await app.signIn('mia@example.com')
      const ana = await app.signIn('ana@example.com')
      const ben = await app.signIn('ben@example.com')
      const imported = await app.request(LISTS, {
        cookie: mia,
        json: {
          settings: {
            name: 'Renewals',
            callerId: null,
            record: false,
            comeBackMinutes: 120,
            maxTries: 3,
            everyone: true,
            assignees: [],
          },
          source: { csv: CSV, region: 'US' },
        },
      })
      expect(imported.status, await imported.clone().text()).toBe(201)
      const { list } = (await imported.json()) as { list: CallList }

      // Dee (Denver) is first in the file, but it is night there: Tom (Tokyo) is given.
      const first = await claim(app, ana, list.id)
      expect(first.contact?.number).toBe('+81312345678')

      // Ana holds Tom; Dee waits for Denver's 08:00, and Ben is told when that is.
      const held = await claim(app, ben, list.id)
      expect(held).toMatchObject({ contact: null, reason: 'later', nextAt: '2026-07-15T14:00:00.000Z' })

      clock.advance(Date.parse('2026-07-15T14:00:00Z') - START)
      const morning = await claim(app, await app.signIn('ben@example.com'), list.id)
      expect(morning.contact?.number).toBe('+13035550100')
    } finally {
      await app.store.close()
    }
  })
})
