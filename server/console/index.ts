// The production start (`npm run serve`): the console server in front of the voice
// service named by VOICE_API_BASE_URL. It creates no users: the CLI adds the first admin.
import { loadConsoleConfig } from './config'
import { settingWarnings } from './config-warnings'
import { startConsole } from './server'
import { requireStoreSetting, startLine } from './start-report'

try {
  requireStoreSetting(process.env)
  for (const warning of settingWarnings(process.env)) console.error(warning)
  const config = loadConsoleConfig()
  const running = await startConsole(config)
  const users = await running.store.users.count()
  console.log(startLine(config, running.url))
  console.log(
    `Voice API: ${config.upstream} ${config.apiKey ? 'with a server-side API key' : 'WITHOUT an API key: set VOICE_API_KEY or VOICE_API_KEY_FILE'}`,
  )
  if (users === 0)
    console.log('No users yet. Add the first admin: npm run console -- users add you@example.com --role admin')

  // SIGTERM (an orchestrator, systemd, a rolling restart) drains: readiness fails for CONSOLE_DRAIN_GRACE_MS,
  // then requests under way get CONSOLE_DRAIN_TIMEOUT_MS (ops/drain.ts). SIGINT (Ctrl-C at a terminal) skips
  // the grace: no load balancer is waiting to notice. A second signal stops at once.
  let stopping = false
  const stop = async (graceMs: number) => {
    if (stopping) {
      console.error('Stopped without draining: a second signal came.')
      process.exit(1)
    }
    stopping = true
    try {
      await running.drain({ ...config.ops.drain, graceMs })
      process.exit(0)
    } catch (error) {
      console.error(`The console did not stop cleanly: ${error instanceof Error ? error.message : error}`)
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void stop(config.ops.drain.graceMs))
  process.on('SIGINT', () => void stop(0))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
