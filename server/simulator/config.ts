import { parseArgs } from 'node:util'
import { z } from 'zod'
import { DEMO_KEYS } from './demo-keys'

// Each setting is an environment variable VOICE_SIM_<NAME> and a flag --<name> (lower-case, dashes).
const latencyRange = z
  .string()
  .regex(/^\d+(-\d+)?$/, { error: 'VOICE_SIM_FAULT_LATENCY_MS must look like 500 or 500-2000.' })
  .transform((value) => {
    const [min, max = min] = value.split('-').map(Number) as [number, number?]
    return { min: Math.min(min, max), max: Math.max(min, max) }
  })

const configSchema = z.object({
  port: z.coerce.number().int().min(0).max(65_535).default(8787),
  host: z.string().min(1).default('127.0.0.1'),
  db: z.string().min(1).default('.data/voice-sim.sqlite'),
  speed: z.coerce.number().positive().max(10_000).default(1),
  storageUrl: z.url().optional(),
  seedCalls: z.coerce.number().int().min(0).max(2_000_000).default(3000),
  acmeKey: z.string().min(8).default(DEMO_KEYS.acme),
  globexKey: z.string().min(8).default(DEMO_KEYS.globex),
  verifyDelayMs: z.coerce.number().int().min(0).default(20_000),
  faultLatencyMs: latencyRange.optional(),
  faultErrorRate: z.coerce.number().min(0).max(1).default(0),
  rateLimit: z.coerce.number().int().positive().default(1200),
  corsOrigins: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  log: z.enum(['json', 'off']).default('json'),
  // How long an idle kept-alive connection stays open (Node's default, 5 s). A client may send a request on it at
  // the moment it closes, and see the connection reset: tests whose clients keep connections set it longer.
  keepAliveTimeoutMs: z.coerce.number().int().min(1_000).max(600_000).default(5_000),
})

export type SimulatorConfig = z.output<typeof configSchema>

const SETTINGS = Object.keys(configSchema.shape) as (keyof SimulatorConfig)[]

const envName = (key: string) => `VOICE_SIM_${key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`
const flagName = (key: string) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`

/** The documented name of every setting, for the README and error messages. */
const CONFIG_NAMES = SETTINGS.map((key) => ({ key, env: envName(key), flag: flagName(key) }))

/** Every setting's flag, `--name value` or `--name=value` (node:util's parseArgs: an unknown flag is an error). */
function readFlags(argv: readonly string[]): Map<string, string> {
  const options = Object.fromEntries(CONFIG_NAMES.map(({ flag }) => [flag.slice(2), { type: 'string' as const }]))
  try {
    const { values } = parseArgs({ args: [...argv], options, allowPositionals: true })
    return new Map(Object.entries(values).map(([name, value]) => [`--${name}`, String(value)]))
  } catch (error) {
    throw new Error(`Invalid simulator configuration:\n${error instanceof Error ? error.message : error}`)
  }
}

/** Flags win over environment variables; both are validated together. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  argv: readonly string[] = process.argv.slice(2),
): SimulatorConfig {
  const flags = readFlags(argv)
  const raw: Record<string, string> = {}
  for (const { key, env: name, flag } of CONFIG_NAMES) {
    const value = flags.get(flag) ?? env[name]
    if (value !== undefined && value !== '') raw[key] = value
  }
  const parsed = configSchema.safeParse(raw)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '')
      const names = CONFIG_NAMES.find((entry) => entry.key === key)
      return `${names ? `${names.env} (${names.flag})` : key}: ${issue.message}`
    })
    throw new Error(`Invalid simulator configuration:\n${lines.join('\n')}`)
  }
  if (parsed.data.acmeKey === parsed.data.globexKey) {
    throw new Error('Invalid simulator configuration:\nVOICE_SIM_ACME_KEY and VOICE_SIM_GLOBEX_KEY must differ.')
  }
  return parsed.data
}
