// call.ended of a voice service we did not write (the quirks upstream: nulls, nested or huge
// metadata, extra fields), read by the call index's real sync: every ended call
// reaches a real receiver once, signed, in the shape docs/integrations.md promises, whatever the service chose.
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { integrationEventPayload } from '../../../src/api/contract/integration-schemas'
import { eventually } from '../../shared/test-support/eventually'
import { startCallIndexSync } from '../calls/index/call-index-sync'
import { createIndexUpstream } from '../calls/index/index-upstream'
import { inFlight } from '../test-support/in-flight'
import { addDestination, integrationsUnderTest } from '../test-support/integration-fixtures'
import { QUIRK_CALL_IDS } from '../test-support/quirks-catalogue'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'
import { openTestStore } from '../test-support/test-store'
import { startWebhookReceiver } from '../test-support/webhook-receiver'

let quirks: QuirksUpstream
beforeAll(async () => {
  quirks = await startQuirksUpstream()
})
afterAll(() => quirks?.close())

describe('call.ended of a foreign service’s calls', () => {
  it('sends each ended quirky call once, signed and in the documented shape', async () => {
    const hook = await startWebhookReceiver()
    const { store, delivery } = await integrationsUnderTest({}, await openTestStore())
    delivery.start()
    // Added now: the quirk calls, created within the last hour, are news to it.
    const { secret } = await addDestination(store, `${hook.url}/crm`, ['call.ended'], Date.now())
    const queued = inFlight()
    const sync = startCallIndexSync({
      store,
      upstream: createIndexUpstream({ upstream: quirks.url, apiKey: 'quirks-key' }),
      rps: 500,
      syncMs: 50,
      onCallEnded: (createdAtMs, callId) => queued.track(delivery.callEnded(callId, createdAtMs)),
    })
    try {
      // Not yet (left): the call in a status the spec does not list, which the index does not count as ended, and the
      // one whose detail it cannot read (a duration in words), which leaves the detail queue without call.ended.
      const expected = [
        QUIRK_CALL_IDS.nulls,
        QUIRK_CALL_IDS.bigMetadata,
        QUIRK_CALL_IDS.nestedMetadata,
        QUIRK_CALL_IDS.extraFields,
      ]
      const received = () =>
        hook.received.map((request) =>
          integrationEventPayload.parse(
            new Webhook(secret).verify(request.body, request.headers as Record<string, string>),
          ),
        )
      await eventually(() => {
        const ids = received().map((event) => event.data.call_id)
        for (const id of expected) expect(ids).toContain(id)
      }, 30_000)
      const events = new Map(received().map((event) => [event.data.call_id, event]))
      expect(events.size).toBe(received().length)
      expect(events.has(QUIRK_CALL_IDS.ringing)).toBe(false)
      expect(events.get(QUIRK_CALL_IDS.nulls)?.data).toMatchObject({ billed_minutes: null, metadata: null })
    } finally {
      await sync.close()
      await queued.settle()
      await delivery.close()
      await hook.close()
      await store.close()
    }
  }, 60_000)
})
