// The production start (`node build/console/index.mjs`, which `npm run serve` runs): the console server in front of
// the voice service named by VOICE_API_BASE_URL. It creates no users: the CLI adds the first admin. It writes
// JSON lines only, as the server's own log does, so that a log collector reads every line.
import { loadConsoleConfig } from './config'
import { settingWarnings } from './config-warnings'
import { createLogger, withFields } from './http/request-log'
import { startConsole } from './server'
import { requireStoreSetting, startLine } from './start-report'

// The start and stop lines are written even with CONSOLE_LOG=off (errors only): they are few, and tell an
// operator (and the tests and benches, which wait for "listening on") that the console is up.
const always = createLogger('json')
// What stops or may misdirect the start (a missing or misspelt setting) goes to standard error, still as JSON.
const problems = createLogger('json', (line) => {
  process.stderr.write(line)
})
try {
  requireStoreSetting(process.env)
  for (const warning of settingWarnings(process.env)) problems.error({ msg: warning })
  const config = loadConsoleConfig()
  const running = await startConsole(config)
  const log = withFields(always, { instance: running.instanceId })
  const users = await running.store.users.count()
  log.info({ msg: startLine(config, running.url), upstream: config.upstream })
  if (!config.apiKey)
    log.error({
      msg: 'Voice API without an API key: set VOICE_API_KEY or VOICE_API_KEY_FILE',
      upstream: config.upstream,
    })
  if (users === 0)
    log.info({ msg: 'No users yet. Add the first admin: npm run console -- users add you@example.com --role admin' })

  // SIGTERM (an orchestrator, systemd, a rolling restart) drains: readiness fails for CONSOLE_DRAIN_GRACE_MS,
  // then requests under way get CONSOLE_DRAIN_TIMEOUT_MS (ops/drain.ts). SIGINT (Ctrl-C at a terminal) skips
  // the grace: no load balancer is waiting to notice. A second signal stops at once.
  let stopping = false
  const stop = async (graceMs: number) => {
    if (stopping) {
      log.error({ msg: 'Stopped without draining: a second signal came.' })
      process.exit(1)
    }
    stopping = true
    try {
      await running.drain({ ...config.ops.drain, graceMs })
      process.exit(0)
    } catch (error) {
      log.error({
        msg: 'The console did not stop cleanly',
        error: error instanceof Error ? error.message : String(error),
      })
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void stop(config.ops.drain.graceMs))
  process.on('SIGINT', () => void stop(0))
} catch (error) {
  problems.error({ msg: 'The console did not start', error: error instanceof Error ? error.message : String(error) })
  process.exit(1)
}
