// Integration events against real receivers on loopback and a real store (SQLite, and PostgreSQL in the
// server-postgres project): once per destination whatever the number of instances, signed, retried on a 500.
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { type CallWork, integrationEventPayload } from '../../../src/api/contract/integration-schemas'
import { eventually } from '../../shared/test-support/eventually'
import { openStore } from '../store'
import { deliveryHarness } from '../test-support/delivery-harness'
import {
  ADDED_AT,
  addDestination,
  endedCall,
  integrationsUnderTest,
  SHORT_SCHEDULE,
} from '../test-support/integration-fixtures'
import { testStoreLocation } from '../test-support/test-store'

const { cleanup, receiver, running } = deliveryHarness(integrationsUnderTest)

const work = {
  outcome: { id: 'reached', label: 'Reached', recorded_by: 'usr_ada', recorded_at: '2026-12-01T10:05:00.000Z' },
  note: { text: 'Call back about the invoice.', author: 'usr_ada', updated_at: '2026-12-01T10:06:00.000Z' },
}

describe('call events to integrations', () => {
  it('sends call.ended signed, with the call, its placer, its work and its page, to the destinations that chose it', async () => {
    const hook = await receiver()
    const { store, delivery } = await running({ readWork: (callId) => (callId === 'call_ended_1' ? work : null) })
    const { secret } = await addDestination(store, `${hook.url}/crm`, ['call.ended'])
    await addDestination(store, `${hook.url}/notes-only`, ['call.note_saved'])
    const createdAt = await endedCall(store, 'call_ended_1')
    const user = await store.users.add({ email: 'ada@acme.test', role: 'support', passwordHash: '!', now: ADDED_AT })
    await store.callOwners.record('call_ended_1', user.id, createdAt)

    expect(await delivery.callEnded('call_ended_1', createdAt)).toBe(1)
    await eventually(() => expect(hook.received).toHaveLength(1))
    const [request] = hook.received
    if (!request) throw new Error('no request')
    expect(request.path).toBe('/crm')
    const body = new Webhook(secret).verify(request.body, request.headers as Record<string, string>)
    expect(integrationEventPayload.parse(body)).toEqual({
      type: 'call.ended',
      timestamp: expect.any(String),
      data: {
        call_id: 'call_ended_1',
        caller_id: '+14155550100',
        destination: '+14155550199',
        status: 'DIALER_COMPLETED',
        duration_seconds: 95,
        billed_minutes: 2,
        placed_by: 'ada@acme.test',
        outcome: work.outcome,
        note: work.note,
        metadata: { ticket: 'T-4821' },
        call_url: 'https://console.example.com/calls/call_ended_1',
        console: 'https://console.example.com',
      },
    })
    await eventually(async () =>
      expect((await store.integrationDeliveries.page({ after: null, limit: 10 }))[0]).toMatchObject({
        id: request.headers['webhook-id'],
        eventType: 'call.ended',
        callId: 'call_ended_1',
        status: 'delivered',
        attempts: 1,
        responseStatus: 204,
      }),
    )
  })

  it('sends call.ended once per destination when two instances on one database both learn of it', async () => {
    const hook = await receiver((_, res) => setTimeout(() => res.writeHead(200).end(), 20))
    // One SQLite file, or one PostgreSQL database: the uniqueness and the claim are the store's either way.
    const location = await testStoreLocation({ file: true })
    const first = await openStore(location, undefined, { connections: 4 })
    const second = await openStore(location, undefined, { connections: 4 })
    cleanup.push(
      () => first.close(),
      () => second.close(),
    )
    const one = await running({}, first)
    const two = await running({}, second)
    await addDestination(first, `${hook.url}/a`, ['call.ended'])
    await addDestination(first, `${hook.url}/b`, ['call.ended', 'call.outcome_saved'])
    await addDestination(first, `${hook.url}/never`, ['call.outcome_saved'])

    const calls = Array.from({ length: 8 }, (_, n) => `call_race_${n}`)
    for (const callId of calls) await endedCall(first, callId)
    // Both instances are told of every call, at the same time, as a lease changing hands mid-queue could.
    await Promise.all(
      calls.flatMap((callId) => [
        one.delivery.callEnded(callId, ADDED_AT + 3_600_000),
        two.delivery.callEnded(callId, ADDED_AT + 3_600_000),
      ]),
    )
    await eventually(async () => {
      const rows = await first.integrationDeliveries.page({ after: null, limit: 100 })
      expect(rows.filter((row) => row.status === 'delivered')).toHaveLength(16)
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(hook.received).toHaveLength(16)
    expect(new Set(hook.received.map((r) => r.headers['webhook-id'])).size).toBe(16)
    expect(hook.received.filter((r) => r.path === '/never')).toHaveLength(0)
    const perPath = (path: string) =>
      hook.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body).data.call_id)
    expect(perPath('/a').sort()).toEqual([...calls].sort())
    expect(perPath('/b').sort()).toEqual([...calls].sort())
  })

  it('retries a receiver that answers 500 on the schedule with the same message id, then marks it failed', async () => {
    const hook = await receiver((_, res) => res.writeHead(500).end('CRM is down'))
    const { store, delivery } = await running()
    await addDestination(store, hook.url, ['call.ended'])
    await endedCall(store, 'call_retry')
    await delivery.callEnded('call_retry', ADDED_AT + 3_600_000)

    await eventually(async () =>
      expect((await store.integrationDeliveries.page({ after: null, limit: 1 }))[0]?.status).toBe('failed'),
    )
    expect(hook.received).toHaveLength(SHORT_SCHEDULE.length)
    expect(new Set(hook.received.map((r) => r.headers['webhook-id'])).size).toBe(1)
    expect((await store.integrationDeliveries.page({ after: null, limit: 1 }))[0]).toMatchObject({
      attempts: 3,
      responseStatus: 500,
      responseExcerpt: 'CRM is down',
      nextAttemptAt: null,
    })
  })

  it('sends nothing of calls made long before the destination was added (the index backfilling history)', async () => {
    const hook = await receiver()
    const { store, delivery } = await running()
    await addDestination(store, hook.url, ['call.ended'])
    const longAgo = ADDED_AT - 2 * 24 * 3_600_000
    await endedCall(store, 'call_history', longAgo)
    expect(await delivery.callEnded('call_history', longAgo)).toBe(0)
  })

  it('sends call.outcome_saved and call.note_saved from the outcomes module’s listener, with the work as sent', async () => {
    const hook = await receiver()
    let saved: CallWork | null = { outcome: work.outcome, note: null }
    const { store, delivery } = await running({ readWork: () => saved })
    await addDestination(store, hook.url, ['call.outcome_saved'])
    await addDestination(store, `${hook.url}/notes`, ['call.note_saved'])
    await endedCall(store, 'call_work')

    await delivery.integrationsOnWorkSaved({
      callId: 'call_work',
      kind: 'outcome',
      outcomeId: 'reached',
      by: 'usr_ada',
      at: ADDED_AT + 4_000_000,
    })
    await eventually(() => expect(hook.received).toHaveLength(1))
    saved = work
    await delivery.integrationsOnWorkSaved({
      callId: 'call_work',
      kind: 'note',
      outcomeId: 'reached',
      by: 'usr_ada',
      at: ADDED_AT + 4_100_000,
    })
    await eventually(() => expect(hook.received).toHaveLength(2))
    const [outcome, note] = hook.received.map((r) => ({ path: r.path, body: JSON.parse(r.body) }))
    expect(outcome).toMatchObject({
      path: '/',
      body: { type: 'call.outcome_saved', data: { call_id: 'call_work', outcome: work.outcome, note: null } },
    })
    expect(note).toMatchObject({
      path: '/notes',
      body: { type: 'call.note_saved', data: { call_id: 'call_work', outcome: work.outcome, note: work.note } },
    })
  })
})
