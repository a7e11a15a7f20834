// Several console instances behind a real load balancer, all real parts on loopback: a throw-away
// PostgreSQL cluster with one database for all, the real simulator as the voice service, each instance
// its own `server/console/index.ts` process, and Debian's nginx running the shipped example config.
// stop() ends every part, whatever state the test left them in.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { Role } from '../../../src/api/contract/console-schemas'
import { hashPassword } from '../auth/passwords'
import { openStore } from '../store'
import { type ConsoleProcess, consoleProcess } from './console-process'
import { type CountingUpstream, startCountingUpstream } from './counting-upstream'
import { freePort } from './free-port'
import { findNginx, type NginxProcess, startNginx } from './nginx-process'
import { findPostgresBin, type PostgresCluster, startPostgresCluster } from './postgres-cluster'
import { type SimulatorProcess, startSimulatorProcess } from './simulator-process'
import { makeDist } from './stand-in-dist'

export const CLUSTER_PASSWORD = 'cluster test passphrase'

/** Why the cluster cannot run here (null when it can): in CI that is a failure, elsewhere a skip. */
export function clusterMissing(): string | null {
  const nginx = findNginx()
  if ('missing' in nginx) return nginx.missing
  if (process.env.CONSOLE_TEST_POSTGRES_URL) return null
  const postgres = findPostgresBin()
  return 'missing' in postgres ? postgres.missing : null
}

/** For a test file's top: the reason to skip, or a thrown error in CI, where these tests must run. */
export function clusterSkipReason(): string | null {
  const missing = clusterMissing()
  if (missing && process.env.CI) throw new Error(`The multi-instance tests must run in CI: ${missing}`)
  if (missing) console.warn(`Skipping the multi-instance tests: ${missing}.`)
  return missing
}

export interface ConsoleCluster {
  /** nginx's address: the only one people use. */
  url: string
  nginx: NginxProcess
  instances: ConsoleProcess[]
  simulator: SimulatorProcess
  /** Every request the instances sent the voice service, when asked for (countUpstream). */
  upstream: CountingUpstream | null
  postgres: PostgresCluster | null
  /** The instances' database (it may carry a password: never log it). */
  databaseUrl: string
  /** The log file of instance `index` (JSON lines of all its lives). */
  logFile(index: number): string
  stop(): Promise<void>
}

export interface ClusterOptions {
  instances?: number
  /** People added to the store before the instances start, all with CLUSTER_PASSWORD. */
  people?: { email: string; role: Role }[]
  /** Extra settings for every instance. */
  env?: Record<string, string>
  /** The dashboard's files: a build (the journey's); a stand-in (makeDist) in the cluster's own folder when not given. */
  distDir?: string
  simulatorEnv?: Record<string, string>
  /** Puts a counting proxy between the instances and the simulator (what all instances ask, together). */
  countUpstream?: boolean
  /** What node runs for each instance: the source through tsx unless a built file is named (bench:cluster). */
  entry?: string[]
  /**
   * The store: PostgreSQL unless told; 'sqlite' is one instance's file in the cluster's folder (one instance only:
   * a SQLite file has one writer), still behind nginx with that one upstream (bench:cluster's SQLite side).
   */
  store?: 'postgres' | 'sqlite'
}

export async function startConsoleCluster(options: ClusterOptions): Promise<ConsoleCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'console-cluster-'))
  const parts: { stop(): unknown }[] = []
  const stopAll = async () => {
    // Last started, first stopped: nginx, the instances, then the simulator and the database.
    for (const part of parts.reverse()) await Promise.resolve(part.stop()).catch(() => {})
    parts.length = 0
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const onSqlite = options.store === 'sqlite'
    if (onSqlite && (options.instances ?? 2) !== 1) throw new Error('A cluster on SQLite has one instance')
    const postgres = onSqlite || process.env.CONSOLE_TEST_POSTGRES_URL ? null : await startPostgresCluster()
    if (postgres) parts.push(postgres)
    const databaseUrl = onSqlite ? join(dir, 'console.sqlite') : await createClusterDatabase(postgres)
    // Migrated once, here, with the people in: the instances then start on a ready store.
    const store = await openStore(databaseUrl)
    try {
      const passwordHash = await hashPassword(CLUSTER_PASSWORD)
      for (const person of options.people ?? [])
        await store.users.add({ email: person.email, role: person.role, passwordHash, now: Date.now() })
    } finally {
      await store.close()
    }

    const simulator = await startSimulatorProcess(options.simulatorEnv)
    parts.push(simulator)
    const upstream = options.countUpstream ? await startCountingUpstream(simulator.url) : null
    if (upstream) parts.push({ stop: () => upstream.close() })

    const distDir = options.distDir ?? makeDist(dir)
    const count = options.instances ?? 2
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()))
    const nginxPort = await freePort()
    const url = `http://127.0.0.1:${nginxPort}`
    const logFile = (index: number) => join(dir, `instance-${index}.log`)
    const instances = ports.map((port, index) =>
      consoleProcess({
        port,
        logFile: logFile(index),
        entry: options.entry,
        env: {
          ...(onSqlite ? { CONSOLE_DB: databaseUrl } : { CONSOLE_DATABASE_URL: databaseUrl }),
          CONSOLE_PUBLIC_URL: url,
          // Only nginx (on loopback) may name the client.
          CONSOLE_TRUSTED_PROXIES: '127.0.0.1',
          VOICE_API_BASE_URL: upstream?.url ?? simulator.url,
          VOICE_API_KEY: simulator.key,
          DASHBOARD_DIST: distDir,
          CONSOLE_LOG: 'json',
          // Calls at any hour: no cluster test or bench may depend on the hour it runs (calling-hours/).
          CONSOLE_CALLING_HOURS: '00:00-24:00',
          ...options.env,
        },
      }),
    )
    parts.push({ stop: () => Promise.all(instances.map((instance) => instance.kill())) })
    await Promise.all(instances.map((instance) => instance.start()))
    const nginx = await startNginx(ports, nginxPort)
    parts.push(nginx)
    return { url, nginx, instances, simulator, upstream, postgres, databaseUrl, logFile, stop: stopAll }
  } catch (error) {
    await stopAll()
    throw error
  }
}

/** A new database for the cluster, on the throw-away `postgres` or else CONSOLE_TEST_POSTGRES_URL; its URL. */
async function createClusterDatabase(postgres: PostgresCluster | null): Promise<string> {
  const adminUrl = postgres?.url ?? process.env.CONSOLE_TEST_POSTGRES_URL ?? ''
  const database = `console_cluster_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${database} template template0 lc_collate 'C' lc_ctype 'C'`)
  await admin.end()
  return adminUrl.replace(/\/[^/]*$/, `/${database}`)
}
