// `npm run screenshots`: starts a simulator and the console's production start (a fresh database, an admin, a
// manager and a support agent added with the CLI) the way the Playwright config does, signs in through the sign-in
// page, then writes PNGs (light theme, 1280x800) to docs/screenshots/.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { type Browser, chromium, type Page } from '@playwright/test'
import { appEnv, DEMO_KEY, distDir, origin, SIM_COMMAND, serveCommand, simulatorEnv } from '../e2e/support/servers'
import { buildServer } from './build-server'
import { CHROMIUM_ARGS, findChromium } from './find-chromium'
import { shoot as shootAdmin } from './screenshots/admin'
import { shoot as shootAgentDay } from './screenshots/agent-day'
import { shoot as shootCalls } from './screenshots/calls'
import { shoot as shootLive } from './screenshots/live'
import { shoot as shootSignIn } from './screenshots/sign-in'

const SIM_PORT = Number(process.env.SHOTS_SIM_PORT ?? 8796)
const APP_PORT = Number(process.env.SHOTS_APP_PORT ?? 4185)
const OUT_DIR = 'docs/screenshots'
// SHOTS_ONLY=agent-day retakes only the agent's day, when only its pages changed.
const ONLY = process.env.SHOTS_ONLY
const baseURL = origin(APP_PORT)
const children: ChildProcess[] = []

/** A shell command in its own process group, so stopping it also stops what the shell started. */
function start(command: string, env: Record<string, string>): ChildProcess {
  const child = spawn('sh', ['-c', command], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  children.push(child)
  return child
}

async function waitFor(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not come up within ${timeoutMs / 1000} s`)
}

function stopAll() {
  for (const child of children) if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM')
}

async function main() {
  const build = spawnSync(
    'node',
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', distDir(APP_PORT), '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  )
  if (build.status !== 0) throw new Error('The build failed')
  await buildServer()

  // A slower simulator than the tests use, so a call is caught while it rings.
  start(SIM_COMMAND, { ...simulatorEnv({ port: SIM_PORT, appPort: APP_PORT, seedCalls: 300 }), VOICE_SIM_SPEED: '8' })
  start(serveCommand(APP_PORT), appEnv({ port: APP_PORT, simPort: SIM_PORT, apiKey: DEMO_KEY }))
  await waitFor(`${origin(SIM_PORT)}/api/v1/voice/account`)
  await waitFor(baseURL)

  mkdirSync(OUT_DIR, { recursive: true })
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, colorScheme: 'light' })
    const page = await context.newPage()
    const written: string[] = []
    if (ONLY === 'agent-day') written.push(...(await shootAgentDay(browser, baseURL, OUT_DIR)))
    else await shootAll(browser, page, written)
    for (const file of written) console.log(`wrote ${file}`)
  } finally {
    await browser.close()
  }
}

async function shootAll(browser: Browser, page: Page, written: string[]) {
  written.push(...(await shootSignIn(page, baseURL, OUT_DIR, 'admin')))
  written.push(...(await shootCalls(page, baseURL, OUT_DIR)))

  // The Caller IDs and Usage pages are shot by their own module, when it exists.
  const others = new URL('./screenshots/usage-and-caller-ids.ts', import.meta.url)
  if (existsSync(others)) {
    const module = (await import(others.href)) as {
      shoot: (page: Page, baseURL: string, outDir: string) => Promise<string[] | undefined>
    }
    written.push(...((await module.shoot(page, baseURL, OUT_DIR)) ?? []))
  }
  written.push(...(await shootLive(page, baseURL, OUT_DIR)))
  // The agent's day signs the support agent and a manager in, each in a context of their own.
  written.push(...(await shootAgentDay(browser, baseURL, OUT_DIR)))
  written.push(...(await shootAdmin(page, baseURL, OUT_DIR)))
}

process.on('SIGINT', () => {
  stopAll()
  process.exit(130)
})

main().then(
  () => {
    stopAll()
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    stopAll()
    process.exitCode = 1
  },
)
