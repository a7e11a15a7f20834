// A throw-away PostgreSQL cluster on loopback, for the tests and benchmarks that run the console on
// PostgreSQL: initdb into a temp folder, a free port, its socket in that folder, stopped at the end.
// PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// With its extension: vitest.config.ts loads this file, and Vite's native config loader resolves no bare path.
import { freePort } from './free-port.ts'

export interface PostgresCluster {
  /** The `postgres` database's URL; `urlOf(name)` for another. */
  url: string
  urlOf(database: string): string
  /** Stops and starts the server alone (a restart under load), keeping its data and port. */
  stopServer(): void
  startServer(): void
  stop(): void
}

/** The folder of PostgreSQL's server programs, or why there is none. */
export function findPostgresBin(): { bin: string } | { missing: string } {
  const fromEnv = process.env.CONSOLE_TEST_POSTGRES_BIN
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? { bin: fromEnv } : { missing: `no initdb in ${fromEnv}` }
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  const newest = versions[0]
  if (newest) return { bin: join(root, newest, 'bin') }
  return { missing: `no PostgreSQL server programs in ${root} (Debian: apt-get install postgresql)` }
}

const asRoot = process.getuid?.() === 0

/** Runs a PostgreSQL program as the user it may run as. */
function run(program: string, args: string[]): void {
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args]
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' })
  if (result.status !== 0)
    throw new Error(`${program} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`)
}

/** Stops a server that may already be down, without failing. */
function spawnStop(bin: string, data: string): void {
  const args = ['-D', data, '-m', 'immediate', '-w', 'stop']
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args]]
    : [join(bin, 'pg_ctl'), args]
  spawnSync(command, commandArgs, { encoding: 'utf8' })
}

export async function startPostgresCluster(settings: Record<string, string | number> = {}): Promise<PostgresCluster> {
  const found = findPostgresBin()
  if ('missing' in found) throw new Error(`PostgreSQL cannot start: ${found.missing}`)
  const dir = mkdtempSync(join(tmpdir(), 'console-pg-'))
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  chmodSync(dir, 0o700)
  const data = join(dir, 'data')
  const port = await freePort()
  // C collation: keyset pages compare text as JavaScript does (store/database.ts refuses any other).
  run(join(found.bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--locale=C', '-E', 'UTF8', '--no-sync'])
  const options = Object.entries({
    port,
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    max_connections: 300,
    // A test cluster thrown away at the end: durability is not what it tests.
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    ...settings,
  })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ')
  const startServer = () =>
    run(join(found.bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start'])
  const stopServer = () => run(join(found.bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'])
  startServer()
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`
  let stopped = false
  return {
    url: urlOf('postgres'),
    urlOf,
    stopServer,
    startServer,
    stop: () => {
      if (stopped) return
      stopped = true
      try {
        // Already stopped (stopServer) is fine: the folder goes either way.
        spawnStop(found.bin, data)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
