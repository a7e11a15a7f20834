// The console server's settings, from the environment, validated in one place.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

/** Git-ignored, like the simulator's database. */
export const DEFAULT_CONSOLE_DB = '.data/console.sqlite'

const minutes = (value: number) => value * 60_000
const optionalUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(4173),
  HOST: z.string().min(1).default('127.0.0.1'),
  CONSOLE_PUBLIC_URL: optionalUrl,
  CONSOLE_DB: z.string().min(1).default(DEFAULT_CONSOLE_DB),
  CONSOLE_SESSION_IDLE_MINUTES: z.coerce.number().positive().max(10_080).default(60),
  CONSOLE_SESSION_MAX_HOURS: z.coerce.number().positive().max(720).default(12),
  CONSOLE_USER_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  CONSOLE_LOG: z.enum(['json', 'off']).default('json'),
  CONSOLE_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  VOICE_API_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('http://127.0.0.1:8787'),
  VOICE_API_KEY: z.string().optional(),
  VOICE_API_KEY_FILE: z.string().optional(),
  VOICE_STORAGE_URL: optionalUrl,
  VOICE_STORAGE_UPSTREAM: optionalUrl,
  DASHBOARD_DIST: z.string().optional(),
})

export interface ConsoleConfig {
  port: number
  host: string
  /** The address people use; its host (and loopback names, when allowed) are the only ones served. */
  publicUrl: URL
  allowLoopbackHosts: boolean
  dbPath: string
  session: { idleMs: number; absoluteMs: number }
  userRateLimitPerMinute: number
  log: 'json' | 'off'
  /** Audit entries older than this are pruned daily, behind a checkpoint that keeps the chain verifiable. */
  auditRetentionDays: number
  upstream: string
  apiKey: string | null
  storageUpstream?: string
  storageUrl?: string
  distDir: string
  /** `npm start` only: the three demo users, offered on the sign-in page. */
  demoUsers: boolean
}

export function loadConsoleConfig(env: Record<string, string | undefined> = process.env): ConsoleConfig {
  const raw = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const parsed = envSchema.safeParse(raw)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`)
    throw new Error(`Invalid console configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const publicUrl = new URL(e.CONSOLE_PUBLIC_URL ?? `http://localhost:${e.PORT}`)
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    // Without a public URL the console is a local install: its loopback names are its names.
    allowLoopbackHosts: !e.CONSOLE_PUBLIC_URL,
    dbPath: e.CONSOLE_DB,
    session: { idleMs: minutes(e.CONSOLE_SESSION_IDLE_MINUTES), absoluteMs: minutes(e.CONSOLE_SESSION_MAX_HOURS * 60) },
    userRateLimitPerMinute: e.CONSOLE_USER_RATE_LIMIT,
    log: e.CONSOLE_LOG,
    auditRetentionDays: e.CONSOLE_AUDIT_RETENTION_DAYS,
    upstream: e.VOICE_API_BASE_URL,
    apiKey: readApiKey(e.VOICE_API_KEY, e.VOICE_API_KEY_FILE),
    storageUpstream: e.VOICE_STORAGE_UPSTREAM,
    storageUrl: e.VOICE_STORAGE_URL,
    distDir: e.DASHBOARD_DIST ?? fileURLToPath(new URL('../../dist', import.meta.url)),
    demoUsers: false,
  }
}

/** VOICE_API_KEY_FILE suits container secrets; the file's trailing newline is not part of the key. */
function readApiKey(key: string | undefined, file: string | undefined): string | null {
  if (key?.trim()) return key.trim()
  if (!file) return null
  try {
    return readFileSync(file, 'utf8').trim() || null
  } catch (error) {
    throw new Error(`VOICE_API_KEY_FILE could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`)
  }
}
