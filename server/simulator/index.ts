import { loadConfig } from './config'
import { startSimulator } from './simulator'

// The demo keys are public and worth printing; a key someone configured is a secret.
function describeKey(key: string): string {
  return key.startsWith('sim_demo_key_') ? key : '(configured key, not shown)'
}

try {
  const config = loadConfig()
  const simulator = await startSimulator(config)
  console.log(`Voice API simulator listening on ${simulator.url}/api/v1/voice (database: ${config.db})`)
  console.log(`API keys: Acme ${describeKey(config.acmeKey)}, Globex ${describeKey(config.globexKey)}`)

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
