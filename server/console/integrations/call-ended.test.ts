// call.ended from end to end with real parts: calls placed through the console in front of the real simulator,
// the call index's sync reading them as they end (two syncs on one store file, as two instances after a lease
// changed hands), and a real receiver that gets each call once, signed, with its placer, numbers and minutes.
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { integrationEventPayload } from '../../../src/api/contract/integration-schemas'
import { eventually } from '../../shared/test-support/eventually'
import { startCallIndexSync } from '../calls/index/call-index-sync'
import { createIndexUpstream } from '../calls/index/index-upstream'
import { newWebhookSecret } from '../delivery/webhook-signature'
import { openStore } from '../store'
import { createTestConsole } from '../test-support/console-app'
import { inFlight } from '../test-support/in-flight'
import { integrationsUnderTest } from '../test-support/integration-fixtures'
import { COMPLETES } from '../test-support/live-testbed'
import { type SimulatorProcess, simulatorGet, startSimulatorProcess } from '../test-support/simulator-process'
import { testStoreLocation } from '../test-support/test-store'
import { startWebhookReceiver } from '../test-support/webhook-receiver'

let sim: SimulatorProcess
let callerId: string

beforeAll(async () => {
  sim = await startSimulatorProcess({ VOICE_SIM_SEED_CALLS: '0', VOICE_SIM_SPEED: '100' })
  const { caller_ids } = await simulatorGet<{ caller_ids: { phone_number: string }[] }>(sim, '/caller-ids')
  callerId = caller_ids[0]?.phone_number ?? ''
}, 60_000)
afterAll(async () => {
  await sim?.stop()
})

describe('call.ended', () => {
  it('reaches the receiver once per call and destination when two syncs on one store learn that calls ended', async () => {
    const hook = await startWebhookReceiver()
    const location = await testStoreLocation({ file: true })
    const first = await openStore(location, undefined, { connections: 4 })
    const second = await openStore(location, undefined, { connections: 4 })
    const one = await integrationsUnderTest({ consoleUrl: 'https://console.example.com' }, first)
    const two = await integrationsUnderTest({ consoleUrl: 'https://console.example.com' }, second)
    one.delivery.start()
    two.delivery.start()
    // Added now: the calls below are created after it, on the same machine's clock as the simulator's.
    const secret = newWebhookSecret()
    await first.integrations.create({
      id: 'int_crm',
      name: 'CRM',
      url: `${hook.url}/crm`,
      secret,
      events: ['call.ended'],
      enabled: true,
      disabledReason: null,
      createdAt: Date.now(),
    })
    const queued = inFlight()
    const syncs = [one, two].map(({ store, delivery }) =>
      startCallIndexSync({
        store,
        upstream: createIndexUpstream({ upstream: sim.url, apiKey: sim.key }),
        rps: 200,
        syncMs: 100,
        onCallEnded: (createdAtMs, callId) => queued.track(delivery.callEnded(callId, createdAtMs)),
      }),
    )
    const t = await createTestConsole({ store: first, upstream: sim.url, apiKey: sim.key })
    try {
      await t.addUser('ada@example.com', 'support')
      const cookie = await t.signIn('ada@example.com')
      const placed: string[] = []
      for (let n = 0; n < 3; n++) {
        const res = await t.request('/api/v1/voice/calls', {
          cookie,
          json: { caller_id: callerId, destination: COMPLETES, metadata: { ticket: `T-${n}` } },
        })
        expect(res.status).toBe(201)
        placed.push(((await res.json()) as { call_id: string }).call_id)
      }

      await eventually(() => expect(hook.received).toHaveLength(3), 60_000)
      // A while longer: a second send of any of them would have come by now.
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(hook.received).toHaveLength(3)
      const events = hook.received.map((request) =>
        integrationEventPayload.parse(
          new Webhook(secret).verify(request.body, request.headers as Record<string, string>),
        ),
      )
      expect(events.map((event) => event.data.call_id).sort()).toEqual([...placed].sort())
      for (const event of events) {
        expect(event).toMatchObject({
          type: 'call.ended',
          data: {
            caller_id: callerId,
            destination: COMPLETES,
            status: 'DIALER_COMPLETED',
            placed_by: 'ada@example.com',
            call_url: `https://console.example.com/calls/${event.data.call_id}`,
          },
        })
        expect(event.data.billed_minutes).toEqual(expect.any(Number))
        expect(event.data.duration_seconds).toEqual(expect.any(Number))
        expect(event.data.metadata).toEqual({ ticket: expect.stringMatching(/^T-\d$/) })
      }
      const rows = await first.integrationDeliveries.page({ after: null, limit: 10 })
      expect(rows.map((row) => [row.eventType, row.status, row.attempts])).toEqual(
        Array.from({ length: 3 }, () => ['call.ended', 'delivered', 1]),
      )
    } finally {
      for (const sync of syncs) await sync.close()
      await queued.settle()
      await one.delivery.close()
      await two.delivery.close()
      await hook.close()
      await first.close()
      await second.close()
    }
  }, 90_000)
})
