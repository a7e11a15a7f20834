// Status latency through the hub: calls with short plans are placed one after another, each
// watched by its own stream (?call_id=, as a call page does) while N more viewers watch the board.
// Each `call` event's arrival is compared with the transition time of the call's stored plan
// (callStateAt, as bench:web does for the browser). The console's CPU time over the phase, divided
// by the events delivered, gives the CPU per event fanned out.
import { Agent } from 'node:http'
import type { LiveCallEntry, LiveSnapshot } from '../../src/api/contract/live-schemas'
import { FINISHED_CALL_STATUSES } from '../../src/api/contract/schemas'
import type { ConsoleChild } from './console-child'
import { openViewer, openViewers, type ReadEvent, type Viewer } from './sse-viewer'
import { type SeenStatus, type StatusTransition, type StoredPlan, statusTransitions } from './transitions'

/** Rings 8 to 15 s, then fails (no answer): two transitions, over within 17 s at speed 1. */
export const RINGS_THEN_FAILS = '+15005550002'

export interface LatencyOptions {
  calls: number
  /** Between two placed calls. */
  spacingMs: number
  boardViewers: number
}

export interface LatencyFigures {
  /** At each call's own stream. */
  transitions: StatusTransition[]
  /** Statuses a watcher got that the plan does not explain at that moment (expected 0). */
  mismatches: number
  /** The same transitions, to the moment the last of the board viewers read them. */
  lastViewerMs: number[]
  /** Transitions some board viewer never got. */
  missedByBoard: number
  boardViewers: number
  /** `call` events read, over every stream. */
  eventsDelivered: number
  /** Console CPU time over the phase, ms. */
  cpuMs: number
  /** Upstream requests over the phase. */
  upstreamRequests: number
  phaseMs: number
}

interface LatencySimulator {
  place(destination: string): Promise<string>
  planOf(callId: string): StoredPlan
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const hasEnded = (status: string) => FINISHED_CALL_STATUSES.includes(status)

interface Watched {
  id: string
  plan: StoredPlan
  seen: SeenStatus[]
}

/** Places one call, opens its stream at once, and reads it until the call has ended. */
async function watchOne(
  app: ConsoleChild,
  agent: Agent,
  sim: LatencySimulator,
  count: (event: ReadEvent) => void,
): Promise<Watched> {
  const id = await sim.place(RINGS_THEN_FAILS)
  const plan = sim.planOf(id)
  const seen: SeenStatus[] = []
  let done = () => {}
  const ended = new Promise<void>((resolve) => {
    done = resolve
  })
  const see = (status: string, at: number) => {
    if (seen.at(-1)?.status === status) return
    seen.push({ status, at })
    if (hasEnded(status)) done()
  }
  const viewer = await openViewer({
    url: app.url,
    cookie: app.cookie,
    agent,
    callIds: [id],
    onEvent: (event) => {
      count(event)
      if (event.name === 'snapshot') {
        const entry = (event.data as LiveSnapshot).calls.find((e) => e.call.call_id === id)
        if (entry) see(entry.call.status, event.at)
      } else if (event.name === 'call') {
        const { call } = event.data as LiveCallEntry
        if (call.call_id === id) see(call.status, event.at)
      }
    },
  })
  let timer: NodeJS.Timeout | undefined
  try {
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, Math.max(0, plan.endedAtMs - Date.now()) + 15_000)
    })
    await Promise.race([ended, deadline])
  } finally {
    clearTimeout(timer)
    viewer.close()
  }
  return { id, plan, seen }
}

export async function measureLatency(
  app: ConsoleChild,
  sim: LatencySimulator,
  upstreamSeen: { length: number },
  options: LatencyOptions,
): Promise<LatencyFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })
  // When each board viewer read each call's status, by `call_id|status`.
  const arrivals = new Map<string, number[]>()
  let eventsDelivered = 0
  const count = (event: ReadEvent) => {
    if (event.name === 'call') eventsDelivered += 1
  }
  let board: Viewer[] = []
  try {
    board = await openViewers(options.boardViewers, {
      url: app.url,
      cookie: app.cookie,
      agent,
      onEvent: (event) => {
        count(event)
        if (event.name !== 'call') return
        const { call } = event.data as LiveCallEntry
        const key = `${call.call_id}|${call.status}`
        const times = arrivals.get(key)
        if (times) times.push(event.at)
        else arrivals.set(key, [event.at])
      },
    })
    eventsDelivered = 0
    const requestsBefore = upstreamSeen.length
    const cpuBefore = (await app.probe(false)).cpu
    const started = Date.now()
    const watched = await Promise.all(
      Array.from({ length: options.calls }, async (_, index) => {
        await sleep(index * options.spacingMs)
        return watchOne(app, agent, sim, count)
      }),
    )
    const cpuAfter = (await app.probe(false)).cpu
    const phaseMs = Date.now() - started
    const transitions: StatusTransition[] = []
    let mismatches = 0
    const lastViewerMs: number[] = []
    let missedByBoard = 0
    for (const { id, plan, seen } of watched) {
      const result = statusTransitions(plan, seen)
      mismatches += result.mismatches
      for (const transition of result.transitions) {
        transitions.push(transition)
        const times = arrivals.get(`${id}|${transition.to}`) ?? []
        if (times.length < board.length) missedByBoard += 1
        if (times.length) lastViewerMs.push(Math.max(...times) - transition.plannedAt)
      }
    }
    return {
      transitions,
      mismatches,
      lastViewerMs,
      missedByBoard,
      boardViewers: board.length,
      eventsDelivered,
      cpuMs: (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / 1000,
      upstreamRequests: upstreamSeen.length - requestsBefore,
      phaseMs,
    }
  } finally {
    for (const viewer of board) viewer.close()
    agent.destroy()
  }
}
