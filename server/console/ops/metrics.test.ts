// /metrics on a real socket in front of the real simulator: refused without the token (404 when none is
// configured, 401 with a missing or wrong one, never a metric), and with it the Prometheus text, whose route
// labels are patterns and operations, never a raw path with an id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../auth/passwords'
import { holdLease } from '../cluster/lease'
import { PASSWORD } from '../test-support/console-app'
import { rawRequest, startTestServer, type TestServer } from '../test-support/running-console'
import { ACME_KEY, type SimulatorProcess, startSimulatorProcess } from '../test-support/simulator-process'
import { findSamples } from '../test-support/voice-samples'
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver'

const TOKEN = 'metrics-token-0123456789abcdef'

let sim: SimulatorProcess
let server: TestServer
let hook: WebhookReceiver

beforeAll(async () => {
  sim = await startSimulatorProcess()
  hook = await startWebhookReceiver()
  server = await startTestServer({
    VOICE_API_BASE_URL: sim.url,
    VOICE_API_KEY: ACME_KEY,
    CONSOLE_METRICS_TOKEN: TOKEN,
    CONSOLE_WEBHOOK_ALLOW_PRIVATE: 'on',
  })
  await server.store.users.add({
    email: 'manager@example.com',
    role: 'manager',
    passwordHash: await hashPassword(PASSWORD),
    now: Date.now(),
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await sim?.stop()
  await hook?.close()
})

const signIn = async () => {
  const origin = `http://127.0.0.1:${server.port}`
  const res = await fetch(`${origin}/api/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin', 'x-voice-console': '1' },
    body: JSON.stringify({ email: 'manager@example.com', password: PASSWORD }),
  })
  expect(res.status).toBe(200)
  return res.headers.getSetCookie()[0]?.split(';')[0] ?? ''
}

const scrape = (authorization?: string) =>
  rawRequest(server.port, '/metrics', {
    headers: { host: `10.0.0.7:${server.port}`, ...(authorization && { authorization }) },
  })

/** Every value of the `route` label in a scrape. */
const routesIn = (text: string) => [...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1])

describe('GET /metrics', () => {
  it('refuses without the token or with a wrong one: 401 problem+json, no metric', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(authorization)
      expect(res.status).toBe(401)
      expect(res.headers['content-type']).toBe('application/problem+json')
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/)
      expect(JSON.parse(res.body).detail).toMatch(/CONSOLE_METRICS_TOKEN/)
      expect(res.body).not.toMatch(/console_/)
    }
  })

  it('answers with the token: the request counter by route pattern and operation, upstream and audit counts', async () => {
    const origin = `http://127.0.0.1:${server.port}`
    const cookie = await signIn()
    const { callId } = await findSamples(sim)
    expect((await fetch(`${origin}/api/v1/voice/calls/${callId}`, { headers: { cookie } })).status).toBe(200)
    expect((await fetch(`${origin}/api/v1/voice/calls/${callId}/status`)).status).toBe(401)
    expect((await fetch(`${origin}/api/console/users/u_${callId}/role`, { method: 'PUT' })).status).toBe(403)
    expect((await fetch(`${origin}/api/nothing/${callId}`)).status).toBe(404)
    expect((await fetch(`${origin}/calls/${callId}`)).status).toBe(200)

    const res = await scrape(`Bearer ${TOKEN}`)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = res.body
    expect(text).toContain('# HELP console_http_requests_total ')
    expect(text).toMatch(/console_http_requests_total\{route="\/api\/console\/sign-in",method="POST",status="200"\} 1/)
    expect(text).toMatch(
      /console_http_requests_total\{route="\/api\/v1\/voice\/calls\/\{call_id\}",method="GET",status="200"\} 1/,
    )
    expect(text).toMatch(/console_http_request_duration_seconds_bucket\{le="0.1",route="\/api\/console\/sign-in"/)
    // A raw path never becomes a label: the id of every request above is nowhere in the scrape.
    expect(text).not.toContain(callId)
    for (const route of routesIn(text)) expect(route).not.toMatch(/[0-9a-f]{8}|u_/)
    expect(routesIn(text)).toEqual(expect.arrayContaining(['/api/v1/voice/*', '/api/*']))
    // The proxied read went upstream; the sign-in is in the audit trail.
    expect(text).toMatch(/console_upstream_requests_total\{source="proxy",status="2xx"\} [1-9]/)
    expect(text).toMatch(/console_audit_appends_total\{result="written"\} [1-9]/)
    expect(text).toMatch(/console_draining 0/)
    expect(text).toMatch(/console_http_requests_in_flight [1-9]/)
    // prom-client's process metrics, under the console's prefix.
    expect(text).toMatch(/console_process_cpu_seconds_total \d/)
    expect(text).toMatch(/console_nodejs_eventloop_lag_seconds \d/)
    expect(text).toMatch(/console_process_resident_memory_bytes \d/)
  })

  it('reports open live streams, the hub’s upstream requests and a lease this instance holds', async () => {
    const origin = `http://127.0.0.1:${server.port}`
    const cookie = await signIn()
    const stream = await fetch(`${origin}/api/console/events`, { headers: { cookie } })
    expect(stream.status).toBe(200)
    const lease = holdLease({ store: server.store, name: 'metrics-test', holder: 'this-instance', onChange: () => {} })
    server.metrics.watchLease('metrics-test', lease.held)
    try {
      const deadline = Date.now() + 15_000
      let text = ''
      while (Date.now() < deadline) {
        text = (await scrape(`Bearer ${TOKEN}`)).body
        if (
          /console_upstream_requests_total\{source="live"/.test(text) &&
          /console_lease_held\{lease="metrics-test"\} 1/.test(text) &&
          /^console_call_index_lag_seconds \d/m.test(text) &&
          /console_upstream_requests_total\{source="index"/.test(text)
        )
          break
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      expect(text).toMatch(/console_live_streams 1/)
      expect(text).toMatch(/console_upstream_requests_total\{source="live",status="2xx"\} [1-9]/)
      expect(text).toMatch(/console_lease_held\{lease="metrics-test"\} 1/)
      // The index has synced (its sync runs with the API key): its lag is a few seconds at most.
      expect(Number(/^console_call_index_lag_seconds (\S+)$/m.exec(text)?.[1])).toBeLessThan(120)
      expect(text).toMatch(/console_upstream_requests_total\{source="index",status="2xx"\} [1-9]/)
      await lease.close()
      expect((await scrape(`Bearer ${TOKEN}`)).body).toMatch(/console_lease_held\{lease="metrics-test"\} 0/)
    } finally {
      await stream.body?.cancel()
      await lease.close()
    }
  })
  it('counts alert deliveries by channel kind and outcome', async () => {
    const origin = `http://127.0.0.1:${server.port}`
    const cookie = await signIn()
    const write = {
      cookie,
      'content-type': 'application/json',
      origin,
      'sec-fetch-site': 'same-origin',
      'x-voice-console': '1',
    }
    const created = await fetch(`${origin}/api/console/alerts/channels`, {
      method: 'POST',
      headers: write,
      body: JSON.stringify({ kind: 'webhook', name: 'Ops hook', url: `${hook.url}/voice`, enabled: true }),
    })
    expect(created.status).toBe(201)
    const { channel } = (await created.json()) as { channel: { id: string } }
    const test = await fetch(`${origin}/api/console/alerts/channels/${channel.id}/test`, {
      method: 'POST',
      headers: write,
    })
    expect(test.status).toBe(202)
    const deadline = Date.now() + 15_000
    let text = ''
    while (Date.now() < deadline && !/console_alert_deliveries_total\{/.test(text)) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      text = (await scrape(`Bearer ${TOKEN}`)).body
    }
    expect(hook.received).toHaveLength(1)
    expect(text).toMatch(/console_alert_deliveries_total\{channel="webhook",outcome="delivered"\} 1/)
  })
})

describe('a console without CONSOLE_METRICS_TOKEN', () => {
  it('answers /metrics 404 problem+json saying how to turn metrics on', async () => {
    const plain = await startTestServer()
    try {
      const res = await rawRequest(plain.port, '/metrics', {
        headers: { host: `localhost:${plain.port}`, authorization: `Bearer ${TOKEN}` },
      })
      expect(res.status).toBe(404)
      expect(res.headers['content-type']).toBe('application/problem+json')
      expect(JSON.parse(res.body)).toMatchObject({
        title: 'Metrics are off',
        detail: expect.stringMatching(/CONSOLE_METRICS_TOKEN/),
      })
      expect(res.body).not.toMatch(/console_/)
    } finally {
      await plain.close()
    }
  })
})
