// Debian's nginx in front of console instances, on loopback, configured from the example the repository
// ships (deploy/nginx/console.conf): only its lines marked "tests replace" change, so what is tested is
// what a deployer copies. Its own prefix folder holds the config, logs and temp files; stop() kills it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const NGINX_EXAMPLE = join(ROOT, 'deploy/nginx/console.conf')

/** The nginx program, or why there is none. */
export function findNginx(): { bin: string } | { missing: string } {
  const bin = process.env.CONSOLE_TEST_NGINX ?? '/usr/sbin/nginx'
  if (!existsSync(bin)) return { missing: `no nginx at ${bin} (Debian: apt-get install nginx)` }
  return { bin }
}

/** The shipped example with loopback upstreams, listen address and log: every other line as shipped. */
function renderNginxExample(
  example: string,
  options: { upstreamPorts: number[]; port: number; accessLog: string },
): string {
  const marked = /^.*# tests replace$/gm
  const lines = example.match(marked) ?? []
  const servers = lines.filter((line) => /^\s*server\s/.test(line))
  const template = servers[0]
  if (!template || !lines.some((line) => /^\s*listen\s/.test(line)) || !lines.some((line) => /access_log/.test(line)))
    throw new Error(`${NGINX_EXAMPLE} no longer marks its upstream servers, listen and access_log lines`)
  // The first server line's parameters (max_fails, fail_timeout) are kept for every instance.
  const upstreams = options.upstreamPorts
    .map((port) => template.replace(/server\s+\S+/, `server 127.0.0.1:${port}`).replace(/\s*# tests replace$/, ''))
    .join('\n')
  let placed = false
  return example.replace(marked, (line) => {
    if (/^\s*server\s/.test(line)) {
      if (placed) return ''
      placed = true
      return upstreams
    }
    if (/^\s*listen\s/.test(line)) return `    listen 127.0.0.1:${options.port};`
    if (/^\s*server_name\s/.test(line)) return '    server_name 127.0.0.1;'
    return `    access_log ${options.accessLog} console_upstream;`
  })
}

export interface NginxProcess {
  /** http://127.0.0.1:<port>: the one address people use. */
  url: string
  port: number
  /** Where nginx writes its access log (log_format console_upstream). */
  accessLogPath: string
  /** Access log lines so far. */
  accessLog(): string[]
  /** Error log lines (warnings and worse) so far: why a request failed, when one did. */
  errorLog(): string[]
  /** How many requests each upstream address served, from the access log. */
  servedBy(): Map<string, number>
  stop(): Promise<void>
}

export async function startNginx(upstreamPorts: number[], port?: number): Promise<NginxProcess> {
  const found = findNginx()
  if ('missing' in found) throw new Error(`nginx cannot start: ${found.missing}`)
  const prefix = mkdtempSync(join(tmpdir(), 'console-nginx-'))
  // As root nginx's workers run as nobody: they must reach the temp folders under the prefix.
  chmodSync(prefix, 0o755)
  const listenPort = port ?? (await freePort())
  const accessLog = join(prefix, 'access.log')
  const errorLog = join(prefix, 'error.log')
  const site = renderNginxExample(readFileSync(NGINX_EXAMPLE, 'utf8'), { upstreamPorts, port: listenPort, accessLog })
  const conf = join(prefix, 'nginx.conf')
  writeFileSync(
    conf,
    [
      `error_log ${errorLog} warn;`,
      'worker_processes 1;',
      'events { worker_connections 2048; }',
      'http {',
      `  client_body_temp_path ${join(prefix, 'body')};`,
      `  proxy_temp_path ${join(prefix, 'proxy')};`,
      `  fastcgi_temp_path ${join(prefix, 'fastcgi')};`,
      `  uwsgi_temp_path ${join(prefix, 'uwsgi')};`,
      `  scgi_temp_path ${join(prefix, 'scgi')};`,
      site,
      '}',
    ].join('\n'),
  )
  const checked = spawnSync(found.bin, ['-t', '-p', prefix, '-c', conf, '-g', `pid ${join(prefix, 'nginx.pid')};`], {
    encoding: 'utf8',
  })
  if (checked.status !== 0) throw new Error(`nginx refused the example configuration:\n${checked.stderr}`)
  const child: ChildProcess = spawn(
    found.bin,
    ['-p', prefix, '-c', conf, '-g', `daemon off; pid ${join(prefix, 'nginx.pid')};`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const url = `http://127.0.0.1:${listenPort}`
  await waitForListening(url, child, () => stderr)
  const readLines = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [])
  const readLog = () => readLines(accessLog)
  return {
    url,
    port: listenPort,
    accessLogPath: accessLog,
    accessLog: readLog,
    errorLog: () => readLines(errorLog),
    servedBy: () => {
      const counts = new Map<string, number>()
      for (const line of readLog()) {
        // A retried request names every upstream tried ("a, b"): the last one answered.
        const upstream = /upstream=(\S+)/.exec(line)?.[1]?.split(',').at(-1)?.trim()
        if (upstream && upstream !== '-') counts.set(upstream, (counts.get(upstream) ?? 0) + 1)
      }
      return counts
    },
    stop: async () => {
      // SIGQUIT would wait for open event streams; the test is over, so SIGTERM (fast shutdown).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
      rmSync(prefix, { recursive: true, force: true })
    },
  }
}

async function waitForListening(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${stderr()}`)
    try {
      // Any answer (a 503 problem while no instance is up) means nginx listens.
      await fetch(url, { signal: AbortSignal.timeout(1_000) })
      return
    } catch {
      await new Promise((done) => setTimeout(done, 100))
    }
  }
  child.kill('SIGKILL')
  throw new Error(`nginx did not listen on ${url} within 15 s:\n${stderr()}`)
}
