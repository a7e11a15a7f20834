// Call lists pass over contacts whose number is on the do-not-call list (issue 52), with a real store (both, under the
// two server projects): a claim gives the next contact, the listed one is done, and the progress says why.
import { describe, expect, it } from 'vitest'
import { CALL_LISTS, claimNext, startCallListConsole } from '../test-support/call-list-console'
import { fakeClock } from '../test-support/console-app'

const CSV = ['Name,Phone', 'Dee,+1 303 555 0100', 'Tom,+1 415 555 0142', 'Una,+1 212 555 0199'].join('\n')

describe('a call list and the do-not-call list', () => {
  it('passes over a listed contact, marks it done with the reason, and the progress counts it', async () => {
    const clock = fakeClock(Date.parse('2026-11-02T15:00:00Z'))
    const {
      app,
      list,
      agents: { ana },
    } = await startCallListConsole({ csv: CSV, now: clock.now })
    try {
      // Dee asked, after the list was imported, never to be called again; Una is listed too.
      for (const phoneNumber of ['+13035550100', '+12125550199'])
        await app.store.doNotCall.add({
          phoneNumber,
          reason: 'Asked on the phone',
          source: 'manual',
          addedById: null,
          addedByEmail: 'mia@example.com',
          addedAt: clock.now(),
        })

      // Dee is first in the file, but listed: Tom is given.
      const first = await claimNext(app, ana, list.id)
      expect(first.contact?.number).toBe('+14155550142')
      expect(first.list.progress).toMatchObject({ total: 3, done: 1, left: 2 })
      expect(first.list.progress.byOutcome).toEqual([{ outcome: 'on-do-not-call-list', count: 1 }])

      // Tom skipped: Una, due before him, is passed over in turn, and Tom is given again; the listed never come back.
      const released = await app.request(`${CALL_LISTS}/${list.id}/contacts/${first.contact?.id}/release`, {
        cookie: ana,
        json: { skip: true },
      })
      expect(released.status).toBe(204)
      const again = await claimNext(app, ana, list.id)
      expect(again.contact?.number).toBe('+14155550142')
      expect(again.list.progress).toMatchObject({ total: 3, done: 2, left: 1 })
      expect(again.list.progress.byOutcome).toEqual([{ outcome: 'on-do-not-call-list', count: 2 }])
    } finally {
      await app.store.close()
    }
  })
})
