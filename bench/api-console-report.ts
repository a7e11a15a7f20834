// The console's cost on the hottest call of the dashboard, a watched call's status poll:
// the same request through the console (session check and proxy) and to the simulator straight.
import type { Measured } from './api-load'

export const CONSOLE_TARGET_RATIO = 1.3

export interface ConsoleOverheadResults {
  /** The console's per-person limit in the run (requests a minute), raised so the bench is not throttled. */
  userRateLimit: number
  loaded: { connections: number; straight: Measured; console: Measured }
  /** One connection: no queue, so 1 / req/s is the latency of one request. */
  unloaded: { straight: Measured; console: Measured }
}

const count = (value: number) => Math.round(value).toLocaleString('en-US')
const times = (value: number) => `${value.toFixed(2)}x`
/** At a fixed number of connections every request waits its turn, so the mean latency is connections / req/s. */
const meanMs = (m: Measured, connections: number) => (connections * 1000) / m.rps
const cpu = (m: Measured) =>
  m.upstreamCpuUsPerRequest === undefined
    ? count(m.cpuUsPerRequest)
    : `${count(m.cpuUsPerRequest + m.upstreamCpuUsPerRequest)} (${count(m.cpuUsPerRequest)} console + ${count(m.upstreamCpuUsPerRequest)} simulator)`
const totalCpu = (m: Measured) => m.cpuUsPerRequest + (m.upstreamCpuUsPerRequest ?? 0)
// autocannon's percentiles are whole milliseconds: a 0 is "under 1 ms", and no ratio can be taken of it.
const msRatio = (slow: number, fast: number) => (slow > 0 && fast > 0 ? times(slow / fast) : 'n/a (< 1 ms)')

function rows(label: string, connections: number, straight: Measured, viaConsole: Measured): string[] {
  const ratio = straight.rps / viaConsole.rps
  const met = ratio <= CONSOLE_TARGET_RATIO && !viaConsole.errors && !straight.errors
  const line = (name: string, m: Measured) =>
    `| ${name} | ${connections} | ${count(m.rps)} | ${meanMs(m, connections).toFixed(2)} | ${m.p50} | ${m.p99} | ${cpu(m)} |`
  return [
    line(`simulator straight (API key), ${label}`, straight),
    line(`through the console (session cookie), ${label}`, viaConsole),
    `| **console / straight**, ${label} | | | **${times(ratio)}** (<= ${CONSOLE_TARGET_RATIO}x: ${met ? 'met' : '**not met**'}) | ${msRatio(viaConsole.p50, straight.p50)} | ${msRatio(viaConsole.p99, straight.p99)} | ${times(totalCpu(viaConsole) / straight.cpuUsPerRequest)} |`,
  ]
}

export function consoleOverheadReport({ userRateLimit, loaded, unloaded }: ConsoleOverheadResults): string {
  const addedUs = (1 / unloaded.console.rps - 1 / unloaded.straight.rps) * 1e6
  return [
    '#### The console in front: `GET /calls/{id}/status`, the same call, in one run',
    '',
    '| path | connections | req/s | mean ms | p50 ms | p99 ms | CPU µs/req |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows('loaded', loaded.connections, loaded.straight, loaded.console),
    ...rows('one at a time', 1, unloaded.straight, unloaded.console),
    '',
    `One request at a time, the console adds ${count(addedUs)} µs to the simulator's ${count(1e6 / unloaded.straight.rps)} µs (as the bench's client sees them).`,
    'The ratio is of mean latency: at a fixed number of connections it equals straight req/s ÷ console req/s. p50 and p99 are whole milliseconds (autocannon), so their ratios are coarse.',
    `The console ran as \`npm run serve\` does (an admin added with its CLI and signed in; \`CONSOLE_LOG=off\`), with \`CONSOLE_USER_RATE_LIMIT=${count(userRateLimit)}\` a minute instead of the default 300, so that one benchmark session is never throttled. Its CPU column adds the simulator's CPU per request behind it; autocannon, the console and the simulator share the machine's cores.`,
  ].join('\n')
}
