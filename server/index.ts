import { loadConfig } from './config'
import { startSimulator } from './simulator'

try {
  const config = loadConfig()
  const simulator = await startSimulator(config)
  console.log(`Voice API simulator listening on ${simulator.url}/api/v1/voice (database: ${config.db})`)
  console.log(`Demo API keys: Acme ${config.acmeKey}, Globex ${config.globexKey}`)

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await simulator.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
