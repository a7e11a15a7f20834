// The embedded voice API and the console server in one process, for `npm start` and
// `npm run dev`: the simulator on VOICE_SIM_PORT, the console in front of it with the
// Acme demo key and the demo users. One Ctrl-C stops both.
import { loadConsoleConfig } from '../server/console/config'
import { type RunningConsole, startConsole } from '../server/console/server'
import { loadConfig } from '../server/simulator/config'
import { DEMO_KEYS } from '../server/simulator/demo-keys'
import { type RunningSimulator, startSimulator } from '../server/simulator/simulator'
import type { AlertSinks } from './alert-sinks'

export interface Stack {
  simulator: RunningSimulator
  console: RunningConsole
  stop(): Promise<void>
}

/** `publicPort` is where people open the dashboard; `consolePort` where the console listens. */
/** `alertSinks`: the demo's webhook receiver and SMTP sink; the console is pointed at them. */
export async function startStack(
  publicPort: number,
  consolePort = publicPort,
  alertSinks: AlertSinks | null = null,
): Promise<Stack> {
  const publicUrl = `http://localhost:${publicPort}`
  const simulator = await startSimulator({
    ...loadConfig(),
    storageUrl: process.env.VOICE_SIM_STORAGE_URL ?? `${publicUrl}/storage`,
  })
  const config = loadConsoleConfig({
    // The demo calls the simulator's fictional numbers (most in California): at any hour unless the setting says
    // otherwise, so a newcomer's first call is not refused because it is night there. A production start
    // (`npm run serve`) keeps the default window, 08:00-21:00 at the callee's location (docs/compliance.md).
    CONSOLE_CALLING_HOURS: '00:00-24:00',
    ...process.env,
    ...alertSinks?.env,
    PORT: String(consolePort),
    VOICE_API_BASE_URL: simulator.url,
  })
  const running = await startConsole({
    ...config,
    publicUrl: new URL(publicUrl),
    allowLoopbackHosts: true,
    // The demo key opens only the simulator; a configured key is for the real service.
    apiKey: DEMO_KEYS.acme,
    demoUsers: true,
  })
  await alertSinks?.setUpChannels(running.store)
  return {
    simulator,
    console: running,
    stop: async () => {
      await running.close()
      await simulator.close()
    },
  }
}

export function stopOnSignal(stop: () => Promise<void>): void {
  let stopping = false
  const handler = async () => {
    if (stopping) return
    stopping = true
    await stop()
    process.exit(0)
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
}
