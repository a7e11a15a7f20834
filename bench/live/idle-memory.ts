// The console's memory with many idle streams (board only, no call in flight): measured inside the
// console process after a full collection, first with one warmed-up stream (so the hub, its poller
// and the HTTP client already exist), then with all of them, then after they have closed.
import { Agent } from 'node:http'
import type { ConsoleChild } from './console-child'
import type { ProbeAnswer } from './protocol'
import { openViewer, openViewers } from './sse-viewer'

export interface IdleMemoryFigures {
  connections: number
  before: NodeJS.MemoryUsage
  after: NodeJS.MemoryUsage
  closed: NodeJS.MemoryUsage
  /** Time to open them all (50 at a time, each until its snapshot). */
  openMs: number
  /** Console CPU while they sat idle (heartbeats, the hub's lists), ms a second. */
  idleCpuMsPerSecond: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const cpuMs = (answer: ProbeAnswer) => (answer.cpu.user + answer.cpu.system) / 1000

export async function measureIdleMemory(
  app: ConsoleChild,
  connections: number,
  idleMs: number,
): Promise<IdleMemoryFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })
  const options = { url: app.url, cookie: app.cookie, agent }
  const first = await openViewer(options)
  const rest = []
  try {
    // Two list rounds of the hub (every two poll intervals) before the baseline.
    await sleep(2_500)
    const before = (await app.probe(true)).memory
    const started = Date.now()
    rest.push(...(await openViewers(connections - 1, options)))
    const openMs = Date.now() - started
    const idleStart = await app.probe(false)
    await sleep(idleMs)
    const idleEnd = await app.probe(false)
    const after = (await app.probe(true)).memory
    const idleCpuMsPerSecond = (cpuMs(idleEnd) - cpuMs(idleStart)) / (idleMs / 1000)
    for (const viewer of rest.splice(0)) viewer.close()
    first.close()
    await sleep(1_500)
    const closed = (await app.probe(true)).memory
    return { connections, before, after, closed, openMs, idleCpuMsPerSecond }
  } finally {
    for (const viewer of rest) viewer.close()
    first.close()
    agent.destroy()
  }
}
