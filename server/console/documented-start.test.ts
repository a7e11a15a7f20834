// The production start as documented (deploy/systemd/voice-console.service's ExecStart: node itself, with the flags
// of `npm run serve`, on the built console), stopped as systemd and `docker stop` stop it: SIGTERM reaches node, which
// drains and exits 0, having written JSON lines only and no error (the call index's request cut short by the stop is
// not the voice service failing). `npm run serve` itself would leave node running: npm does not pass SIGTERM on.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../../scripts/build-server'
import { DEFAULT_DRAIN } from './ops/drain'
import { freePort } from './test-support/free-port'
import { ACME_KEY, type SimulatorProcess, startSimulatorProcess } from './test-support/simulator-process'

const UNIT = resolve('deploy/systemd/voice-console.service')
const unit = readFileSync(UNIT, 'utf8')
const settings = (name: string) =>
  [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((match) => (match[1] ?? '').trim())
const setting = (name: string) => settings(name)[0]
const [execNode = '', ...execArgs] = (setting('ExecStart') ?? '').split(/\s+/)

let dir: string
let sim: SimulatorProcess | undefined
let child: ChildProcess | undefined
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  await sim?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the systemd unit', () => {
  it('runs node directly with the flags of `npm run serve`, on the built console', () => {
    const serve = JSON.parse(readFileSync('package.json', 'utf8')).scripts.serve as string
    const [npmNode, ...serveArgs] = serve.split(/\s+/)
    expect(npmNode).toBe('node')
    expect(execNode).toMatch(/\/node$/)
    expect(execArgs.slice(0, -1)).toEqual(serveArgs.slice(0, -1))
    expect(execArgs.at(-1)).toMatch(new RegExp(`/${serveArgs.at(-1)}$`))
  })

  it('stops with SIGTERM and waits longer than the drain; restarts on failure; is hardened', () => {
    expect(setting('KillSignal')).toBe('SIGTERM')
    expect(Number(setting('TimeoutStopSec')) * 1000).toBeGreaterThan(DEFAULT_DRAIN.graceMs + DEFAULT_DRAIN.timeoutMs)
    expect(setting('Restart')).toBe('on-failure')
    expect(setting('EnvironmentFile')).toBeTruthy()
    for (const name of ['NoNewPrivileges', 'ProtectHome', 'PrivateTmp']) expect(setting(name), name).toBe('yes')
    expect(setting('ProtectSystem')).toBe('strict')
    // Under ProtectSystem=strict the database is written in the state directory only.
    expect(settings('Environment')).toContain(`CONSOLE_DB=/var/lib/${setting('StateDirectory')}/console.sqlite`)
  })

  it.skipIf(!existsSync('/usr/bin/systemd-analyze'))('passes systemd-analyze verify', () => {
    expect(() => execFileSync('/usr/bin/systemd-analyze', ['verify', UNIT], { stdio: 'pipe' })).not.toThrow()
  })
})

describe('the documented production start', () => {
  let out: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'voice-documented-'))
    out = join(dir, 'build', 'console')
    await buildServer(out)
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'))
    mkdirSync(join(dir, 'dist'))
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>Voice Dashboard</title>')
    // Every upstream answer takes 3 s: the call index has a request under way when the signal comes.
    sim = await startSimulatorProcess({ VOICE_SIM_FAULT_LATENCY_MS: '3000' })
  }, 120_000)

  it('drains on SIGTERM and exits 0, with JSON lines only and no error', async () => {
    const port = await freePort()
    const proc = spawn(process.execPath, [...execArgs.slice(0, -1), join(out, 'index.mjs')], {
      cwd: dir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        VOICE_API_BASE_URL: sim?.url,
        VOICE_API_KEY: ACME_KEY,
        CONSOLE_DB: join(dir, 'console.sqlite'),
        DASHBOARD_DIST: join(dir, 'dist'),
        CONSOLE_DRAIN_GRACE_MS: '500',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = proc
    let output = ''
    proc.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    proc.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const exited = new Promise<number | null>((done) => proc.once('close', (code) => done(code)))
    const deadline = Date.now() + 60_000
    while ((await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status !== 200) {
      if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`the console did not get ready:\n${output}`)
      await new Promise((done) => setTimeout(done, 100))
    }

    proc.kill('SIGTERM')
    expect(await exited).toBe(0)
    const lines = output.trim().split('\n')
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow()
    const entries = lines.map((line) => JSON.parse(line) as { level: string; msg: string })
    expect(entries.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/listening on http:/), 'drained']),
    )
    expect(entries.filter((entry) => entry.level === 'error')).toEqual([])
  }, 90_000)
})
