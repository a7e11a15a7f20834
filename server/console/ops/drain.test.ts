// A rolling restart's half on one instance: a real console process (server/console/index.ts, as `npm run
// serve` runs it) gets SIGTERM while a slow request is under way and a live stream is open. Readiness fails
// at once, while the listener still answers; after the grace new connections are refused; the stream ends
// with a `retry:` hint; the slow request still completes; the process exits 0.
import { type ChildProcess, spawn } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { hashPassword } from '../auth/passwords'
import { openStore } from '../store'
import { PASSWORD } from '../test-support/console-app'
import { freePort } from '../test-support/free-port'
import { rawRequest } from '../test-support/running-console'
import { ACME_KEY, type SimulatorProcess, startSimulatorProcess } from '../test-support/simulator-process'
import { onPostgres, testStoreLocation } from '../test-support/test-store'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
// Every request to the simulator takes this long: a proxied read is the "slow request under way".
const UPSTREAM_LATENCY_MS = 5_000
const GRACE_MS = 2_000

interface ConsoleChild {
  port: number
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

/** Starts index.ts in its own process and waits for it to listen. */
async function startConsoleChild(env: Record<string, string>): Promise<ConsoleChild> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/console/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DASHBOARD_DIST: ROOT },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  // 'close', not 'exit': the last log lines (written just before process.exit) may still be in the pipe at 'exit'.
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)))
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`the console did not start:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (/listening on http:\/\//.test(output)) {
        clearTimeout(timer)
        ready()
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    void exited.then(() => fail(new Error(`the console exited before listening:\n${output}`)))
  })
  return { port, child, output: () => output, exited }
}

let sim: SimulatorProcess
let running: ConsoleChild | null = null
beforeAll(async () => {
  sim = await startSimulatorProcess({ VOICE_SIM_FAULT_LATENCY_MS: String(UPSTREAM_LATENCY_MS) })
}, 60_000)
afterEach(async () => {
  if (running && running.child.exitCode === null) running.child.kill('SIGKILL')
  running = null
})
afterAll(async () => {
  await sim?.stop()
})

/** A store with one manager, as the process will open it: a SQLite file or a PostgreSQL database. */
async function storeWithManager(): Promise<Record<string, string>> {
  const location = await testStoreLocation({ file: true })
  const store = await openStore(location)
  await store.users.add({
    email: 'manager@example.com',
    role: 'manager',
    passwordHash: await hashPassword(PASSWORD),
    now: Date.now(),
  })
  await store.close()
  return onPostgres() ? { CONSOLE_DATABASE_URL: location } : { CONSOLE_DB: location }
}

const waitFor = async <T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000) => {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

it('drains on SIGTERM: readiness first, then the listener; the stream is told to reconnect; the slow request completes; exit 0', async () => {
  const token = 'drain-test-metrics-token-0123456789'
  running = await startConsoleChild({
    ...(await storeWithManager()),
    VOICE_API_BASE_URL: sim.url,
    VOICE_API_KEY: ACME_KEY,
    CONSOLE_METRICS_TOKEN: token,
    CONSOLE_DRAIN_GRACE_MS: String(GRACE_MS),
    CONSOLE_DRAIN_TIMEOUT_MS: '20000',
    CONSOLE_INDEX: 'off',
    CONSOLE_ALERTS: 'off',
  })
  const { port } = running
  const origin = `http://127.0.0.1:${port}`
  const host = { host: `127.0.0.1:${port}` }
  const signIn = await fetch(`${origin}/api/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin', 'x-voice-console': '1' },
    body: JSON.stringify({ email: 'manager@example.com', password: PASSWORD }),
  })
  expect(signIn.status).toBe(200)
  const cookie = signIn.headers.getSetCookie()[0]?.split(';')[0] ?? ''

  // The live stream: read raw, to see the `retry:` line the parser of the page would not show.
  const stream = await fetch(`${origin}/api/console/events`, { headers: { cookie } })
  expect(stream.status).toBe(200)
  let streamText = ''
  const streamEnded = (async () => {
    const decoder = new TextDecoder()
    for await (const chunk of stream.body ?? []) streamText += decoder.decode(chunk as Uint8Array, { stream: true })
  })()
  // The slow request: the voice service takes 5 s to answer it.
  const slowStarted = Date.now()
  const slow = fetch(`${origin}/api/v1/voice/account`, { headers: { cookie } }).then(async (res) => ({
    status: res.status,
    body: await res.text(),
    at: Date.now(),
  }))
  // Both are under way on the server (the scrape itself is a third).
  await waitFor(
    'requests in flight',
    async () =>
      /console_http_requests_in_flight (\d+)/.exec(
        (await rawRequest(port, '/metrics', { headers: { ...host, authorization: `Bearer ${token}` } })).body,
      )?.[1],
    (count) => Number(count) >= 3,
  )
  const ready = await rawRequest(port, '/readyz', { headers: host })
  expect(ready.status).toBe(200)
  expect(ready.headers.connection).toBe('keep-alive')

  running.child.kill('SIGTERM')
  const signalledAt = Date.now()
  // Readiness fails while the listener still answers: the load balancer sees it before anything closes.
  const notReady = await waitFor(
    'readiness',
    () => rawRequest(port, '/readyz', { headers: host }),
    (res) => res.status === 503,
    GRACE_MS,
  )
  expect(notReady.headers['content-type']).toBe('application/problem+json')
  expect(JSON.parse(notReady.body)).toMatchObject({
    checks: { draining: true },
    detail: expect.stringMatching(/draining/),
  })
  // Each answer of the grace ends its connection, so the balancer holds none to reuse when the listener closes.
  expect(notReady.headers.connection).toBe('close')
  const alive = await rawRequest(port, '/healthz', { headers: host })
  expect(alive.status).toBe(200)
  expect(alive.headers.connection).toBe('close')

  // After the grace: the stream ends with a hint to reconnect soon, and new connections are refused.
  await streamEnded
  expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(GRACE_MS - 100)
  expect(streamText).toMatch(/event: snapshot/)
  const hint = /\nretry: (\d+)\n\n$/.exec(streamText)
  expect(hint).not.toBeNull()
  expect(Number(hint?.[1])).toBeGreaterThanOrEqual(500)
  expect(Number(hint?.[1])).toBeLessThan(2_500)
  await expect(rawRequest(port, '/healthz', { headers: host })).rejects.toThrow(/ECONNREFUSED/)

  // The request under way still gets its answer, after the listener closed, and then the process exits 0.
  const answered = await slow
  expect(answered.status).toBe(200)
  expect(JSON.parse(answered.body)).toHaveProperty('client_id')
  expect(answered.at - slowStarted).toBeGreaterThanOrEqual(UPSTREAM_LATENCY_MS - 200)
  expect(await running.exited).toBe(0)
  const log = running.output()
  expect(log).toMatch(/draining: readiness fails from now on/)
  expect(log).toMatch(/draining: requests under way finished/)
  expect(log).toMatch(/"msg":"drained"/)
  // JSON lines only, the start's too: a log collector reads every one. A clean stop reports no error.
  const lines = log.trim().split('\n')
  for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow()
  expect(lines.filter((line) => line.includes('"level":"error"'))).toEqual([])
}, 90_000)

it('cuts off what is still under way at CONSOLE_DRAIN_TIMEOUT_MS, and still exits 0', async () => {
  running = await startConsoleChild({
    ...(await storeWithManager()),
    VOICE_API_BASE_URL: sim.url,
    VOICE_API_KEY: ACME_KEY,
    CONSOLE_DRAIN_GRACE_MS: '0',
    CONSOLE_DRAIN_TIMEOUT_MS: '500',
    CONSOLE_LIVE: 'off',
    CONSOLE_INDEX: 'off',
    CONSOLE_ALERTS: 'off',
  })
  const origin = `http://127.0.0.1:${running.port}`
  const signIn = await fetch(`${origin}/api/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin', 'x-voice-console': '1' },
    body: JSON.stringify({ email: 'manager@example.com', password: PASSWORD }),
  })
  const cookie = signIn.headers.getSetCookie()[0]?.split(';')[0] ?? ''
  const slow = fetch(`${origin}/api/v1/voice/account`, { headers: { cookie } }).then(
    (res) => res.status,
    () => 'cut off',
  )
  await new Promise((resolve) => setTimeout(resolve, 500))
  const signalledAt = Date.now()
  running.child.kill('SIGTERM')
  expect(await running.exited).toBe(0)
  // Well before the voice service's 5 s: the drain did not wait for it.
  expect(Date.now() - signalledAt).toBeLessThan(UPSTREAM_LATENCY_MS)
  expect(await slow).toBe('cut off')
  expect(running.output()).toMatch(/draining: requests cut off at the timeout/)
}, 90_000)
