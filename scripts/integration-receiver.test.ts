// The example receiver of docs/integrations.md, run as the docs say (a child process of node), fed by the
// console's own signing and sending (server/console/delivery/): a signed event is accepted and handled once
// however often it is retried; a wrong signature, a wrong secret and a stale timestamp are refused.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { sendWebhook } from '../server/console/delivery/send-webhook'
import { newMessageId, newWebhookSecret, webhookHeaders } from '../server/console/delivery/webhook-signature'
import { eventually } from '../server/shared/test-support/eventually'

const RECEIVER = 'docs/examples/integration-receiver.mjs'

const running: ChildProcess[] = []
afterEach(async () => {
  for (const child of running.splice(0)) {
    child.kill('SIGTERM')
    if (child.exitCode === null) await once(child, 'exit')
  }
})

async function startReceiver(secret: string) {
  const child = spawn(process.execPath, [RECEIVER], {
    env: { ...process.env, INTEGRATION_SECRET: secret, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push(child)
  const out: string[] = []
  const err: string[] = []
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => out.push(...chunk.split('\n').filter(Boolean)))
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => err.push(...chunk.split('\n').filter(Boolean)))
  const url = await eventually(() => {
    const line = out.find((l) => l.startsWith('listening on '))
    expect(line).toBeTruthy()
    return (line as string).slice('listening on '.length)
  })
  return { url, out, err }
}

const event = JSON.stringify({
  type: 'call.ended',
  timestamp: '2026-12-06T10:00:00.000Z',
  data: {
    call_id: 'call_4821',
    caller_id: '+14155550100',
    destination: '+14155550199',
    status: 'DIALER_COMPLETED',
    duration_seconds: 95,
    billed_minutes: 2,
    placed_by: 'ada@acme.test',
    outcome: { id: 'reached', label: 'Reached', recorded_by: 'usr_1', recorded_at: '2026-12-06T10:01:00.000Z' },
    note: null,
    metadata: { ticket: 'T-4821' },
    call_url: 'https://console.example.com/calls/call_4821',
    console: 'https://console.example.com',
  },
})

describe('the example integration receiver', () => {
  it('accepts a signed event, and handles a retry of the same message once', async () => {
    const secret = newWebhookSecret()
    const receiver = await startReceiver(secret)
    const messageId = newMessageId()
    const send = () =>
      sendWebhook({ url: receiver.url, secret, messageId, body: event, now: Date.now(), allowPrivate: true })
    expect(await send()).toMatchObject({ answered: true, status: 204 })
    expect(await send()).toMatchObject({ answered: true, status: 204 })
    await eventually(() => expect(receiver.out.filter((l) => l.startsWith('{'))).toHaveLength(1))
    expect(JSON.parse(receiver.out.find((l) => l.startsWith('{')) ?? '')).toEqual({
      type: 'call.ended',
      call_id: 'call_4821',
      status: 'DIALER_COMPLETED',
      billed_minutes: 2,
      placed_by: 'ada@acme.test',
      outcome: 'reached',
      call_url: 'https://console.example.com/calls/call_4821',
    })
  })

  it('refuses a wrong signature, another secret and a stale timestamp with 401', async () => {
    const secret = newWebhookSecret()
    const receiver = await startReceiver(secret)
    const otherSecret = await sendWebhook({
      url: receiver.url,
      secret: newWebhookSecret(),
      messageId: newMessageId(),
      body: event,
      now: Date.now(),
      allowPrivate: true,
    })
    expect(otherSecret).toMatchObject({ answered: true, status: 401, excerpt: 'No valid signature' })

    const id = newMessageId()
    const signed = webhookHeaders(secret, id, Date.now(), event)
    const tampered = await fetch(receiver.url, {
      method: 'POST',
      headers: { ...signed, 'content-type': 'application/json' },
      body: event.replace('"billed_minutes":2', '"billed_minutes":0'),
    })
    expect(tampered.status).toBe(401)

    const stale = await sendWebhook({
      url: receiver.url,
      secret,
      messageId: newMessageId(),
      body: event,
      now: Date.now() - 10 * 60_000,
      allowPrivate: true,
    })
    expect(stale).toMatchObject({ answered: true, status: 401, excerpt: 'Timestamp out of tolerance' })
    expect(receiver.out.filter((l) => l.startsWith('{'))).toHaveLength(0)
    await eventually(() => expect(receiver.err).toHaveLength(3))
  })
})
