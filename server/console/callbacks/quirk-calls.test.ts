// Calls of a voice service we did not write (the quirks upstream: nulls, no caller ID, a duration in words, an
// unknown status, nested or huge metadata, extra fields), read into the call index by its real sync: a manager
// records each one's outcome and asks for its callback, and nothing the service chose is answered with a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Callback } from '../../../src/api/contract/callback-schemas'
import { eventually } from '../../shared/test-support/eventually'
import { startCallIndexSync } from '../calls/index/call-index-sync'
import { createIndexUpstream } from '../calls/index/index-upstream'
import { createTestConsole, fakeClock } from '../test-support/console-app'
import { QUIRK_CALL_IDS } from '../test-support/quirks-catalogue'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'

let quirks: QuirksUpstream
beforeAll(async () => {
  quirks = await startQuirksUpstream()
})
afterAll(() => quirks?.close())

describe('the work of a foreign service’s calls', () => {
  it('records an outcome and a callback for each call whatever shape the service gave it', async () => {
    const clock = fakeClock(Date.parse('2026-12-06T15:00:00Z'))
    const t = await createTestConsole({ upstream: quirks.url, liveHub: null, now: clock.now })
    const sync = startCallIndexSync({
      store: t.store,
      upstream: createIndexUpstream({ upstream: quirks.url, apiKey: 'quirks-key' }),
      rps: 500,
      syncMs: 50,
    })
    try {
      await t.addUser('mia@example.com', 'manager')
      const mia = await t.signIn('mia@example.com')
      const ids = Object.values(QUIRK_CALL_IDS)
      await eventually(async () => {
        const indexed = await t.store.db
          .selectFrom('indexed_calls')
          .select('call_id')
          .where('call_id', 'in', ids)
          .execute()
        expect(indexed).toHaveLength(ids.length)
      }, 30_000)
      const indexed = new Set(
        (await t.store.db.selectFrom('indexed_calls').select('call_id').where('call_id', 'in', ids).execute()).map(
          (row) => row.call_id,
        ),
      )
      for (const callId of indexed) {
        const outcome = await t.request(`/api/console/calls/${callId}/outcome`, {
          cookie: mia,
          method: 'PUT',
          json: { outcome: 'reached' },
        })
        expect(outcome.status, `${callId}: ${await outcome.clone().text()}`).toBe(200)
        const asked = await t.request('/api/console/callbacks', {
          cookie: mia,
          json: { call_id: callId, due_at: new Date(clock.now() + 60 * 60_000).toISOString(), owner: 'everyone' },
        })
        expect(asked.status, `${callId}: ${await asked.clone().text()}`).toBe(201)
        expect(((await asked.json()) as Callback).call_id).toBe(callId)
        const work = await t.request(`/api/console/calls/${callId}/work`, { cookie: mia })
        expect(work.status).toBe(200)
      }
    } finally {
      await sync.close()
      await t.store.close()
    }
  }, 60_000)
})
