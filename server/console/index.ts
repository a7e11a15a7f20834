// The production start (`npm run serve`): the console server in front of the voice
// service named by VOICE_API_BASE_URL. It creates no users: the CLI adds the first admin.
import { loadConsoleConfig } from './config'
import { startConsole } from './server'

try {
  const config = loadConsoleConfig()
  const running = await startConsole(config)
  const users = await running.store.users.count()
  console.log(`Voice Dashboard console on ${config.publicUrl.origin} (listening on ${running.url})`)
  console.log(
    `Voice API: ${config.upstream} ${config.apiKey ? 'with a server-side API key' : 'WITHOUT an API key: set VOICE_API_KEY or VOICE_API_KEY_FILE'}`,
  )
  if (users === 0)
    console.log('No users yet. Add the first admin: npm run console -- users add you@example.com --role admin')

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await running.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
