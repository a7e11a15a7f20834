// Production runs the console as built JavaScript (`npm run build`, then `npm run serve`): the bundle starts
// under plain node, finds its reader worker and the paths it resolves from its own file, and serves a signed-in
// search (which runs on that worker) in front of the real simulator. The CLI's bundle adds the person.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildServer } from '../../scripts/build-server'
import { clusterPerson } from './test-support/cluster-person'
import { type ConsoleProcess, consoleProcess } from './test-support/console-process'
import { freePort } from './test-support/free-port'
import { ACME_KEY, type SimulatorProcess, startSimulatorProcess } from './test-support/simulator-process'

const PASSWORD = 'a long passphrase for the built console'
let dir: string
let sim: SimulatorProcess
let instance: ConsoleProcess
let env: Record<string, string>
let out: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'voice-built-'))
  // As deep as the repo's build/console/, like the real one.
  out = join(dir, 'build', 'console')
  await buildServer(out)
  // Packages stay outside the bundle, found as the repo's build finds them.
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'))
  const dist = join(dir, 'dist')
  mkdirSync(dist)
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Voice Dashboard</title>')
  sim = await startSimulatorProcess()
  env = {
    VOICE_API_BASE_URL: sim.url,
    VOICE_API_KEY: ACME_KEY,
    CONSOLE_DB: join(dir, 'console.db'),
    DASHBOARD_DIST: dist,
    CONSOLE_LOG: 'off',
  }
  const added = spawnSync(
    process.execPath,
    [join(out, 'cli.mjs'), 'users', 'add', 'ops@example.com', '--role', 'admin'],
    {
      env: { ...process.env, ...env },
      input: `${PASSWORD}\n`,
      encoding: 'utf8',
    },
  )
  expect(added.status, added.stderr).toBe(0)
  instance = consoleProcess({
    port: await freePort(),
    env,
    logFile: join(dir, 'console.log'),
    entry: [join(out, 'index.mjs')],
  })
  await instance.start()
}, 120_000)

afterAll(async () => {
  await instance?.stop()
  await sim?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

it('starts under plain node, is ready, and serves a signed-in search through its reader worker', async () => {
  const base = `http://127.0.0.1:${instance.port}`
  expect((await fetch(`${base}/healthz`)).status).toBe(200)
  expect((await fetch(`${base}/readyz`)).status).toBe(200)
  const person = clusterPerson(base, 'ops@example.com')
  expect((await person.signIn(PASSWORD)).status).toBe(200)
  const search = await person.request('/api/console/calls/search?q=555')
  expect(search.status, search.body).toBe(200)
  expect(search.json<{ total: unknown }>()).toHaveProperty('total')
  // The dashboard is served from DASHBOARD_DIST, as from dist/ beside build/.
  expect(await (await fetch(`${base}/calls`)).text()).toContain('Voice Dashboard')
})

it('names its release in its start line: the version and the commit it was built from', () => {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'))
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim()
  expect(readFileSync(join(dir, 'console.log'), 'utf8')).toContain(`Voice Dashboard console ${version} (${commit}) on`)
})

it('keeps every bundle one byte a character, so V8 does not hold its source at twice the size', () => {
  const files = readdirSync(out).filter((file) => file.endsWith('.mjs'))
  expect(files).toContain('index.mjs')
  // The sources hold such characters in comments ("…"): the build escapes them.
  for (const file of files) expect(readFileSync(join(out, file), 'utf8'), file).not.toMatch(/[\u0100-\u{10ffff}]/u)
})
