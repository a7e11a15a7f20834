// Upstream requests a second with 1, 10 and N viewers of the same live calls: every viewer watches
// all of them by ?call_id= besides the board. Counted at the proxy between the console and the
// simulator over a fixed window after a warm-up; the calls' stored plans say how many were in
// flight during the window.
import { Agent } from 'node:http'
import type { SeenRequest } from '../../server/console/test-support/counting-upstream'
import { callStateAt } from '../../server/simulator/domain/call-plan'
import type { ConsoleChild } from './console-child'
import { openViewers, type Viewer } from './sse-viewer'
import type { StoredPlan } from './transitions'

/** Rings a few seconds, then talks 10 s to 4 min (simulator's test numbers). */
const ANSWERS = '+15005550006'
/** The shortest life of a call to ANSWERS at speed 1: 0.7 s initiating, 2 s ringing, 10 s talk. */
export const SHORTEST_ANSWERED_MS = 12_700

export interface RateWindow {
  viewers: number
  /** CONSOLE_UPSTREAM_RPS of the console measured. */
  budget: number
  windowMs: number
  /** Requests that reached the proxy during the window. */
  statusPolls: number
  lists: number
  /**
   * The same as steady rates, each series (one call's polls, one status's lists) from its own
   * requests in the window: (n - 1) / (last - first). Polls of calls watched together go out in the
   * same tick, so a plain count over the window moves by a whole round (one request per call) with
   * where the window falls.
   */
  statusPerSecond: number
  listsPerSecond: number
  /** Calls in flight during the window by their plans (time-weighted). */
  liveCalls: number
  /** The mean time between two polls of one call. */
  meanGapMs: number
  /** The longest time between two polls of one call within the window. */
  longestGapMs: number
  /** Console CPU time during the window, ms a second. */
  cpuMsPerSecond: number
  /** `call` events read by all viewers during the window. */
  events: number
}

export interface RateSetup {
  place(destination: string): Promise<string>
  planOf(callId: string): StoredPlan
  seen: SeenRequest[]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const STATUS_PATH = /\/calls\/([^/?]+)\/status$/

function inFlightDuring(plans: StoredPlan[], start: number, end: number): number {
  let sum = 0
  for (const plan of plans) {
    // In flight: from creation until the plan says it ended (callStateAt's `ended`).
    const from = Math.max(start, plan.createdAtMs)
    const to = Math.min(end, plan.endedAtMs)
    if (to > from) sum += to - from
  }
  return sum / (end - start)
}

async function measureWindow(
  app: ConsoleChild,
  setup: RateSetup,
  plans: StoredPlan[],
  viewers: Viewer[],
  budget: number,
  windowMs: number,
): Promise<RateWindow> {
  const eventsBefore = viewers.reduce((sum, viewer) => sum + (viewer.counts.get('call') ?? 0), 0)
  const cpuBefore = (await app.probe(false)).cpu
  const start = Date.now()
  await sleep(windowMs)
  const end = Date.now()
  const cpuAfter = (await app.probe(false)).cpu
  const events = viewers.reduce((sum, viewer) => sum + (viewer.counts.get('call') ?? 0), 0) - eventsBefore
  const seen = setup.seen.filter((request) => request.at >= start && request.at < end)
  const seconds = (end - start) / 1000
  const polls = new Map<string, number[]>()
  const lists = new Map<string, number[]>()
  for (const request of seen) {
    const [path = '', query = ''] = request.path.split('?')
    const callId = STATUS_PATH.exec(path)?.[1]
    const [series, key] = callId ? [polls, callId] : [lists, new URLSearchParams(query).get('status') ?? path]
    const times = series.get(key)
    if (times) times.push(request.at)
    else series.set(key, [request.at])
  }
  const rateOf = (times: number[]) => {
    const first = times[0] ?? 0
    const last = times.at(-1) ?? 0
    return times.length > 1 && last > first ? (times.length - 1) / ((last - first) / 1000) : times.length / seconds
  }
  const sum = (series: Map<string, number[]>) => [...series.values()].reduce((total, times) => total + rateOf(times), 0)
  let longestGapMs = 0
  let gaps = 0
  let gapsMs = 0
  for (const times of polls.values())
    for (let index = 1; index < times.length; index++) {
      const gap = (times[index] ?? 0) - (times[index - 1] ?? 0)
      longestGapMs = Math.max(longestGapMs, gap)
      gaps += 1
      gapsMs += gap
    }
  const count = (series: Map<string, number[]>) =>
    [...series.values()].reduce((total, times) => total + times.length, 0)
  const cpuMs = (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / 1000
  return {
    viewers: viewers.length,
    budget,
    windowMs: end - start,
    statusPolls: count(polls),
    lists: count(lists),
    statusPerSecond: sum(polls),
    listsPerSecond: sum(lists),
    liveCalls: inFlightDuring(plans, start, end),
    meanGapMs: gaps ? gapsMs / gaps : Number.NaN,
    longestGapMs,
    cpuMsPerSecond: cpuMs / seconds,
    events,
  }
}

export interface UpstreamRateOptions {
  calls: number
  /** Viewer counts, in increasing order: each level adds viewers to the last. */
  levels: number[]
  warmUpMs: number
  windowMs: number
  budget: number
  /** A second console in front of the same calls with the default budget, and its viewers. */
  defaultBudget: { app: ConsoleChild; setup: RateSetup; budget: number; viewers: number }
}

export interface UpstreamRateFigures {
  calls: string[]
  plans: StoredPlan[]
  windows: RateWindow[]
  defaultBudget: RateWindow
  /** The earliest end of the calls' plans, ms after the last window ended (> 0: all stayed in flight). */
  endsAfterLastWindowMs: number
  /** From placing the calls to the end of the last window: past a minute the hub polls them less often. */
  spanMs: number
}

export async function measureUpstreamRate(
  app: ConsoleChild,
  setup: RateSetup,
  options: UpstreamRateOptions,
): Promise<UpstreamRateFigures> {
  const placedAt = Date.now()
  const calls = await Promise.all(Array.from({ length: options.calls }, () => setup.place(ANSWERS)))
  const plans = calls.map((id) => setup.planOf(id))
  const windows: RateWindow[] = []
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })
  const viewers: Viewer[] = []
  try {
    for (const level of options.levels) {
      process.stderr.write(`  ${level} viewer(s) of ${calls.length} live calls...\n`)
      viewers.push(
        ...(await openViewers(level - viewers.length, { url: app.url, cookie: app.cookie, agent, callIds: calls })),
      )
      await sleep(options.warmUpMs)
      windows.push(await measureWindow(app, setup, plans, viewers, options.budget, options.windowMs))
    }
  } finally {
    for (const viewer of viewers.splice(0)) viewer.close()
    agent.destroy()
  }
  const other = options.defaultBudget
  process.stderr.write(`  ${other.viewers} viewer(s), default budget of ${other.budget} requests a second...\n`)
  const otherAgent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })
  try {
    const url = other.app.url
    viewers.push(
      ...(await openViewers(other.viewers, { url, cookie: other.app.cookie, agent: otherAgent, callIds: calls })),
    )
    await sleep(options.warmUpMs)
    const defaultBudget = await measureWindow(other.app, other.setup, plans, viewers, other.budget, options.windowMs)
    const lastEnd = Date.now()
    const endsAfterLastWindowMs = Math.min(...plans.map((plan) => plan.endedAtMs)) - lastEnd
    // Sanity: the plans' view of "in flight" is the simulator's (callStateAt), at the window's end too.
    if (plans.some((plan) => callStateAt(plan, lastEnd).ended))
      process.stderr.write('  note: some calls ended before the last window did; the figures use the plans\n')
    return { calls, plans, windows, defaultBudget, endsAfterLastWindowMs, spanMs: lastEnd - placedAt }
  } finally {
    for (const viewer of viewers.splice(0)) viewer.close()
    otherAgent.destroy()
  }
}
