// The console's cost on the hottest call of the dashboard, a watched call's status poll: the same request to
// the simulator straight, through a plain node:http pass-through (the floor of any proxy: it adds the key and
// streams the answer), and through the console (session check, limits, proxy), in a mirrored order (bench/api.ts).
// The console is held against the pass-through, not the simulator straight: a bare proxy alone already costs more
// than 1.3x here. Each trio is measured in several rounds, back to back, and judged by its median round: one round's
// ratio moves by a tenth between runs on this machine, mostly with the pass-through's own latency.
import type { Measured } from './api-load'

/** The console's added latency at most this many times the pass-through's. */
const ADDED_LATENCY_TARGET = 1.5
/** The console's throughput at least this share of the pass-through's. */
const THROUGHPUT_TARGET = 2 / 3

interface Trio {
  straight: Measured
  passThrough: Measured
  console: Measured
}

/** The same trio measured round after round, at one number of connections. */
interface TrioRounds {
  connections: number
  rounds: Trio[]
}

export interface ConsoleOverheadResults {
  /** The console's per-person limit in the run (requests a minute), raised so the bench is not throttled. */
  userRateLimit: number
  loaded: TrioRounds
  /** One connection: no queue, so 1 / req/s is the latency of one request. */
  unloaded: TrioRounds
}

const count = (value: number) => Math.round(value).toLocaleString('en-US')
const times = (value: number) => `${value.toFixed(2)}x`
/** At a fixed number of connections every request waits its turn, so the mean latency is connections / req/s. */
const meanUs = (m: Measured, connections: number) => (connections * 1e6) / m.rps
const cpu = (m: Measured) =>
  m.upstreamCpuUsPerRequest === undefined
    ? count(m.cpuUsPerRequest)
    : `${count(m.cpuUsPerRequest + m.upstreamCpuUsPerRequest)} (${count(m.cpuUsPerRequest)} proxy + ${count(m.upstreamCpuUsPerRequest)} simulator)`
const verdict = (met: boolean) => (met ? 'met' : '**not met**')

/** What the console and the pass-through each add to the simulator's mean latency, and how they compare. */
function addedLatency(trio: Trio, connections: number) {
  const straight = meanUs(trio.straight, connections)
  const passThroughUs = meanUs(trio.passThrough, connections) - straight
  const consoleUs = meanUs(trio.console, connections) - straight
  return { passThroughUs, consoleUs, ratio: consoleUs / passThroughUs }
}

interface Round {
  trio: Trio
  added: ReturnType<typeof addedLatency>
  /** The console's req/s as a share of the pass-through's. */
  share: number
}

/**
 * Every round's figures and the median round by added latency (of an even count, the less favourable middle one),
 * whose rows and both ratios the table shows. A round with an error, or whose pass-through added nothing (no
 * floor to compare with), fails the verdicts.
 */
function judge({ connections, rounds }: TrioRounds) {
  const all: Round[] = rounds.map((trio) => ({
    trio,
    added: addedLatency(trio, connections),
    share: trio.console.rps / trio.passThrough.rps,
  }))
  const median = [...all].sort((a, b) => a.added.ratio - b.added.ratio)[Math.floor(all.length / 2)] as Round
  const clean = all.every(
    ({ trio, added }) =>
      !trio.straight.errors && !trio.passThrough.errors && !trio.console.errors && added.passThroughUs > 0,
  )
  return { connections, all, median, clean }
}

type Judged = ReturnType<typeof judge>

function rows(label: string, { connections, median, clean }: Judged): string[] {
  const line = (name: string, m: Measured) =>
    `| ${name}, ${label} | ${connections} | ${count(m.rps)} | ${(meanUs(m, connections) / 1000).toFixed(2)} | ${m.p50} | ${m.p99} | ${cpu(m)} | ${m.rssMbAfter.toFixed(0)} |`
  const { trio, added, share } = median
  return [
    line('simulator straight (API key)', trio.straight),
    line('plain node:http pass-through', trio.passThrough),
    line('through the console (session cookie)', trio.console),
    `| **console ÷ pass-through**, ${label} | | **${times(share)}** req/s (>= ${times(THROUGHPUT_TARGET)}: ${verdict(clean && share >= THROUGHPUT_TARGET)}) | added **${count(added.consoleUs)} ÷ ${count(added.passThroughUs)} µs = ${times(added.ratio)}** (<= ${ADDED_LATENCY_TARGET}x: ${verdict(clean && added.ratio <= ADDED_LATENCY_TARGET)}) | | | | |`,
  ]
}

/** Every round's ratios, in the order measured. */
function everyRound(label: string, { all }: Judged): string {
  const added = all.map((round) => times(round.added.ratio)).join(', ')
  const shares = all.map((round) => times(round.share)).join(', ')
  return `Rounds, ${label}: added latency ${added}; req/s ${shares}.`
}

export function consoleOverheadReport({ userRateLimit, loaded, unloaded }: ConsoleOverheadResults): string {
  const judgedLoaded = judge(loaded)
  const judgedOne = judge(unloaded)
  const one = judgedOne.median
  return [
    '#### The console in front: `GET /calls/{id}/status`, the same call, in one run',
    '',
    '| path | connections | req/s | mean ms | p50 ms | p99 ms | CPU µs/req | RSS MB after |',
    '|---|---:|---:|---:|---:|---:|---|---:|',
    ...rows('loaded', judgedLoaded),
    ...rows('one at a time', judgedOne),
    '',
    `The table shows the median round of ${loaded.rounds.length} by added latency, with its req/s ratio. Within a round each path is measured in two windows of half the duration, in a mirrored order (straight, pass-through, console, console, pass-through, straight), so that the machine's drift weighs on all three alike; a row is both windows together (p50 and p99: the worse window's). ${everyRound('loaded', judgedLoaded)} ${everyRound('one at a time', judgedOne)}`,
    `One request at a time, the console adds ${count(one.added.consoleUs)} µs to the simulator's ${count(1e6 / one.trio.straight.rps)} µs, where a plain pass-through adds ${count(one.added.passThroughUs)} µs (as the bench's client sees them).`,
    'Mean latency at a fixed number of connections is connections ÷ req/s; "added" is a path\'s mean minus the simulator straight\'s. p50 and p99 are whole milliseconds (autocannon).',
    `The console ran as \`npm run serve\` does (an admin added with its CLI and signed in; \`CONSOLE_LOG=off\`), with \`CONSOLE_USER_RATE_LIMIT=${count(userRateLimit)}\` a minute instead of the default 300, so that one benchmark session is never throttled. The CPU column adds the simulator's CPU per request behind a proxy; autocannon, the proxies and the simulator share the machine's cores.`,
  ].join('\n')
}
