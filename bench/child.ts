import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

export interface Child {
  url: string
  process: ChildProcess
  rssMb(): number
  /** The highest RSS the process has had (the kernel's VmHWM), seeding included. */
  peakRssMb(): number
  /** CPU time (user + system) the process has used so far, in ms; robust to a busy machine. */
  cpuMs(): number
  stop(): Promise<void>
}

/**
 * How long a bench waits for a server it starts to listen. Starting is not what any bench measures, so the limit only
 * finds a server that never comes up: at load 15 in a fresh-clone CI, three consoles started at once (tsx compiling
 * the server for each) outran the 60 s this once was (stop 59's bench:live and bench:search).
 */
export const START_LIMIT_MS = 5 * 60_000

/** `node --import tsx x.ts` -> the arguments startChild gives to this Node. */
export const nodeArgs = (command: string) => command.split(' ').slice(1)

function statusMb(child: ChildProcess, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024
}

/** Starts a Node process and waits for it to print a line holding its http:// URL. */
export const startChild = (args: string[], env: Record<string, string>, timeoutMs = START_LIMIT_MS): Promise<Child> =>
  startProcess(process.execPath, args, env, timeoutMs)

/**
 * Starts a shell command whose last step `exec`s the server, so the Child (its pid, CPU time
 * and RSS) is the server itself and not the shell that prepared it.
 */
export const startShellChild = (
  command: string,
  env: Record<string, string>,
  timeoutMs = START_LIMIT_MS,
): Promise<Child> => startProcess('/bin/sh', ['-c', command], env, timeoutMs)

function startProcess(file: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<Child> {
  const child = spawn(file, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // A child that never came up must not outlive the benchmark.
      child.kill('SIGKILL')
      reject(new Error(`${args.join(' ')} did not start in time`))
    }, timeoutMs)
    let output = ''
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (!match?.[1]) return
      clearTimeout(timer)
      child.stdout?.removeAllListeners('data')
      child.stdout?.resume()
      resolve({
        url: match[1],
        process: child,
        rssMb: () => statusMb(child, 'VmRSS'),
        peakRssMb: () => statusMb(child, 'VmHWM'),
        cpuMs: () => {
          const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
          return (Number(fields[11]) + Number(fields[12])) * 10
        },
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit')
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
  })
}

/** The machine's ceiling: node:http answering a fixed JSON body, nothing else. */
export const CEILING_SERVER = `
const body = JSON.stringify({ call_id: 'call_01JD5X2Q8Y0000000000000000', status: 'DIALER_RINGING', duration_seconds: null, started_at: '2026-11-22T03:10:52Z', updated_at: '2026-11-22T03:10:55Z' })
const server = require('node:http').createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body) })
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
`

/**
 * Children never outlive a bench: SIGINT or SIGTERM stops them in order (`stopAll`), an exit of any kind kills
 * what is left, and past `minutes` the bench gives up.
 */
export function guardChildren(options: {
  bench: string
  minutes: number
  children: () => ChildProcess[]
  stopAll: () => Promise<void>
}) {
  process.on('exit', () => {
    for (const child of options.children())
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping the servers\n`)
      void options.stopAll().finally(() => process.exit(130))
    })
  const watchdog = setTimeout(() => {
    process.stderr.write(`${options.bench} took over ${options.minutes} minutes: giving up\n`)
    void options.stopAll().finally(() => process.exit(1))
  }, options.minutes * 60_000)
  watchdog.unref()
}

/**
 * The floor for a proxy's cost: a plain node:http pass-through with a keep-alive agent, adding the API key as
 * the console does and streaming the answer back, nothing else (no session, no checks, no log). TARGET and KEY
 * come from its environment.
 */
export const PASS_THROUGH_SERVER = `
const http = require('node:http')
const target = new URL(process.env.TARGET)
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
const server = http.createServer((req, res) => {
  const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, agent,
    headers: { authorization: 'Bearer ' + process.env.KEY, accept: 'application/json' } }, (answer) => {
    res.writeHead(answer.statusCode, { 'content-type': answer.headers['content-type'] ?? 'application/json' })
    answer.pipe(res)
  })
  upstream.on('error', () => { res.writeHead(502); res.end() })
  req.pipe(upstream)
})
server.keepAliveTimeout = 65000
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
`
