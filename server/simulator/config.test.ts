// Configuration and seeding: deterministic seed, overridable keys and storage
// URL, CORS only for configured origins, and a seeded history worth showing.
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import { account, callRecordings, listCallsResponse, usageHistory } from './contract/schemas'
import { ACME_KEY, api, GLOBEX_KEY, send } from './test-support/api'
import { expectProblem } from './test-support/assertions'
import { spawnSimulator } from './test-support/child-simulator'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'

const running: TestSimulator[] = []
afterAll(async () => {
  await Promise.all(running.map((s) => s.close()))
})

async function start(options: Parameters<typeof startTestSimulator>[0]) {
  const sim = await startTestSimulator(options)
  running.push(sim)
  return sim
}

describe('seeding', () => {
  it('is deterministic: two new databases seeded at the same time hold the same data', async () => {
    const clock = new FakeClock('2026-11-15T12:00:00Z')
    const [a, b] = [await start({ now: clock.now }), await start({ now: clock.now })]
    for (const path of ['/calls?limit=100', '/caller-ids', '/account', '/usage/history']) {
      const [x, y] = [await api(a).get(path), await api(b).get(path)]
      expect(x.status).toBe(200)
      expect(y.body, path).toEqual(x.body)
    }
  })

  it('gives Acme a year of history with recordings, and Globex a small one', async () => {
    const clock = new FakeClock('2026-11-15T12:00:00Z')
    const sim = await start({ now: clock.now, seedCalls: 500 })
    const acme = api(sim)
    let total = 0
    let cursor: string | undefined
    const calls = []
    do {
      const page = listCallsResponse.parse((await acme.get('/calls', { query: { limit: 100, cursor } })).body)
      calls.push(...page.calls)
      total += page.calls.length
      cursor = page.next_cursor ?? undefined
    } while (cursor)
    expect(total).toBe(500)
    const oldest = Date.parse(calls.at(-1)?.created_at ?? '')
    expect(clock.now() - oldest).toBeGreaterThan(300 * 24 * 3_600_000)
    const statuses = new Set(calls.map((c) => c.status))
    expect(statuses).toEqual(new Set(['DIALER_COMPLETED', 'DIALER_FAILED']))
    const completed = calls.filter((c) => c.status === 'DIALER_COMPLETED').slice(0, 20)
    const withRecording = []
    for (const c of completed) {
      const rec = callRecordings.parse((await acme.get(`/calls/${c.call_id}/recordings`)).body)
      if (rec.recordings.length > 0) withRecording.push(rec)
    }
    expect(withRecording.length).toBeGreaterThan(0)
    const globex = listCallsResponse.parse((await api(sim, GLOBEX_KEY).get('/calls', { query: { limit: 100 } })).body)
    expect(globex.calls.length).toBeGreaterThan(0)
    expect(globex.calls.length).toBeLessThan(100)
  })
})

describe('seeded usage (default seed size)', () => {
  it('has a commitment that about a third of past months exceed, as the README says', async () => {
    const clock = new FakeClock('2026-11-15T12:00:00Z')
    const sim = await start({ now: clock.now, seedCalls: 3000 })
    const h = usageHistory.parse((await api(sim).get('/usage/history', { query: { limit: 100 } })).body)
    const past = h.periods.slice(1)
    const over = past.filter((p) => p.actual_minutes_used > p.committed_minutes).length
    expect(over, JSON.stringify(past.map((p) => [p.actual_minutes_used, p.committed_minutes]))).toBeGreaterThanOrEqual(
      2,
    )
    expect(past.some((p) => p.actual_minutes_used < p.committed_minutes)).toBe(true)
  })
})

describe('configuration', () => {
  it('accepts overridden API keys, and then refuses the demo keys', async () => {
    const sim = await start({ acmeKey: 'acme_custom_key_123', globexKey: 'globex_custom_key_456' })
    expect((await api(sim, 'acme_custom_key_123').get('/account')).status).toBe(200)
    expect((await api(sim, 'globex_custom_key_456').get('/account')).status).toBe(200)
    expectProblem(await api(sim, ACME_KEY).get('/account'), 401)
    expectProblem(await api(sim, GLOBEX_KEY).get('/account'), 401)
    const a = account.parse((await api(sim, 'acme_custom_key_123').get('/account')).body)
    const g = account.parse((await api(sim, 'globex_custom_key_456').get('/account')).body)
    expect(a.client_id).not.toBe(g.client_id)
  })

  it('builds recording URLs under a configured storage_url', async () => {
    const sim = await start({ storageUrl: 'https://recordings.example.test/voice', seedCalls: 200 })
    const acme = api(sim)
    const page = listCallsResponse.parse(
      (await acme.get('/calls', { query: { limit: 100, status: 'DIALER_COMPLETED' } })).body,
    )
    for (const c of page.calls) {
      const rec = callRecordings.parse((await acme.get(`/calls/${c.call_id}/recordings`)).body)
      const url = rec.recordings[0]?.url
      if (!url) continue
      expect(url.startsWith('https://recordings.example.test/voice/')).toBe(true)
      return
    }
    throw new Error('no seeded recording in the first 100 completed calls')
  })

  it('answers CORS preflights for configured origins only', async () => {
    const sim = await start({ corsOrigins: ['http://localhost:5173'] })
    const preflight = (origin: string) =>
      fetch(`${sim.url}/api/v1/voice/calls`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, idempotency-key',
        },
      })
    const allowed = await preflight('http://localhost:5173')
    expect(allowed.status).toBeLessThan(300)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key')
    const refused = await preflight('http://evil.example')
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    const res = await send(`${sim.url}/api/v1/voice/calls`, {
      headers: { origin: 'http://localhost:5173', authorization: `Bearer ${ACME_KEY}` },
    })
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    // The dashboard reads these from cross-origin answers.
    const exposed = res.headers.get('access-control-expose-headers')?.toLowerCase() ?? ''
    for (const name of ['retry-after', 'idempotent-replayed', 'www-authenticate']) expect(exposed).toContain(name)
    expect(allowed.headers.get('access-control-allow-methods')).toMatch(/POST/)
  })

  it('binds to 127.0.0.1 by default', async () => {
    const sim = await start({})
    expect(sim.config.host).toBe('127.0.0.1')
    expect(sim.url).toBe(`http://127.0.0.1:${sim.port}`)
  })

  it('keeps an idle connection 5 s by default, and as long as VOICE_SIM_KEEP_ALIVE_TIMEOUT_MS says', async () => {
    // Node names its keep-alive timeout to clients; a client that honours it closes first.
    const announced = async (sim: { url: string }) =>
      (await fetch(`${sim.url}/api/v1/voice/account`, { headers: { authorization: 'Bearer x' } })).headers.get(
        'keep-alive',
      )
    expect(await announced(await start({}))).toBe('timeout=5')
    expect(await announced(await start({ keepAliveTimeoutMs: 60_000 }))).toBe('timeout=60')
    expect(() => loadConfig({ VOICE_SIM_KEEP_ALIVE_TIMEOUT_MS: '500' }, [])).toThrow(/VOICE_SIM_KEEP_ALIVE_TIMEOUT_MS/)
  })
})

describe('environment and flags', () => {
  it('reads VOICE_SIM_* variables, and a flag wins over its variable', () => {
    const config = loadConfig({ VOICE_SIM_SPEED: '20', VOICE_SIM_PORT: '9000', VOICE_SIM_SEED_CALLS: '10' }, [
      '--port',
      '9100',
    ])
    expect(config).toMatchObject({
      speed: 20,
      port: 9100,
      seedCalls: 10,
      host: '127.0.0.1',
      db: '.data/voice-sim.sqlite',
    })
    expect(loadConfig({}, ['--speed=5', '--fault-latency-ms', '100-300']).faultLatencyMs).toEqual({
      min: 100,
      max: 300,
    })
  })

  it('refuses invalid values with a message naming the variable and the flag', () => {
    expect(() => loadConfig({ VOICE_SIM_SPEED: 'fast' }, [])).toThrow(/VOICE_SIM_SPEED \(--speed\)/)
    expect(() => loadConfig({}, ['--fault-error-rate', '2'])).toThrow(/VOICE_SIM_FAULT_ERROR_RATE/)
    expect(() => loadConfig({}, ['--sped', '5'])).toThrow(/Unknown option '--sped'/)
    // Two accounts behind one key would make isolation meaningless.
    expect(() => loadConfig({ VOICE_SIM_ACME_KEY: 'same_key_123', VOICE_SIM_GLOBEX_KEY: 'same_key_123' }, [])).toThrow(
      /must differ/,
    )
  })

  it('logs one JSON line per request without the API key or the query string', async () => {
    const child = await spawnSimulator({ VOICE_SIM_DB: ':memory:', VOICE_SIM_SEED_CALLS: '5', VOICE_SIM_LOG: 'json' })
    let output = ''
    child.process.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    try {
      const acme = api({ url: child.url })
      await acme.get('/calls', { query: { limit: 2, status: 'DIALER_COMPLETED' } })
      await acme.post('/caller-ids', { phone_number: '+14155550123' })
      await api({ url: child.url }, 'sim_demo_key_wrong_secret').get('/account')
      await new Promise((resolve) => setTimeout(resolve, 200))
    } finally {
      await child.kill('SIGTERM')
    }
    // The start-up banner names the demo keys on purpose; the request log must not.
    const lines = output.split('\n').filter((line) => line.startsWith('{'))
    expect(lines.length).toBeGreaterThanOrEqual(3)
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow()
    const log = lines.join('\n')
    expect(log).toContain('/api/v1/voice/calls')
    for (const secret of [ACME_KEY, 'sim_demo_key_wrong_secret', 'DIALER_COMPLETED', '+14155550123']) {
      expect(log).not.toContain(secret)
    }
  })
})
