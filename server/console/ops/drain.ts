// A graceful stop, as a rolling restart needs it: readiness fails first, so the load balancer stops sending
// new people here, and every answer from then on closes its connection; after the grace the listener closes
// (a connection it took just before still gets its request answered), live streams are told to reconnect
// (through the load balancer, to another instance), and the requests under way get until the timeout to finish.
// Only then is the rest closed: background work (whose close gives up its leases), the tally, the store.
import type { Server, ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'
import type { Logger } from '../http/request-log'

export interface DrainTimes {
  /** How long readiness fails before the listener closes (CONSOLE_DRAIN_GRACE_MS). */
  graceMs: number
  /** The longest wait, after the listener closed, for requests under way (CONSOLE_DRAIN_TIMEOUT_MS). */
  timeoutMs: number
}

// A load balancer probing every second or two, failing after two probes, has seen it within 3 s.
export const DEFAULT_DRAIN: DrainTimes = { graceMs: 3_000, timeoutMs: 20_000 }

// How long a connection taken just before the listener closed has to show its request (part of the timeout). Its
// bytes may wait in the socket for an event loop turn or two (many more on a starved machine), and a request a
// balancer has written is one it cannot send elsewhere when it is a POST.
export const LATE_REQUEST_MS = 1_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Whether this instance is draining; readiness reads it. */
export interface DrainState {
  draining(): boolean
}

/** The responses under way on a server, so a drain can wait for them and close their connections after. */
export interface RequestsUnderWay {
  count(): number
  /** From now on every answer says `Connection: close`, so kept-alive sockets end with their request. */
  closeAfterEach(): void
  /** Resolves once none is under way, or after `ms`. */
  settled(ms: number): Promise<boolean>
}

export function trackRequests(server: Server): RequestsUnderWay {
  const open = new Set<ServerResponse>()
  let closing = false
  let onSettled: (() => void) | null = null
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close')
  }
  // One listener for every answer's close (node calls it with the answer as `this`), where a closure for each
  // request would be garbage at each. An answer closes once.
  function closed(this: ServerResponse) {
    open.delete(this)
    if (open.size === 0) onSettled?.()
  }
  // Ahead of the app's own listener, so a request is counted before any of its handling runs.
  server.prependListener('request', (_req, res: ServerResponse) => {
    open.add(res)
    if (closing) closeAfter(res)
    res.on('close', closed)
  })
  return {
    count: () => open.size,
    closeAfterEach: () => {
      closing = true
      for (const res of open) closeAfter(res)
    },
    settled: (ms) =>
      new Promise((resolve) => {
        if (open.size === 0) return resolve(true)
        const timer = setTimeout(() => {
          onSettled = null
          resolve(false)
        }, ms)
        onSettled = () => {
          clearTimeout(timer)
          onSettled = null
          resolve(true)
        }
      }),
  }
}

export interface DrainSteps {
  server: Server
  requests: RequestsUnderWay
  /** Ends every live stream with a hint to reconnect soon (the status hub's close). */
  endStreams(): void
  /** Everything else, in order: background work and its leases, the tally, the store. */
  closeRest(): Promise<void>
}

/** Drains once: a second call (close() after drain(), or a second signal) waits for the first. */
export function createDrain(logger: Logger) {
  let draining = false
  let done: Promise<void> | null = null

  async function run(times: DrainTimes, steps: DrainSteps) {
    const { server, requests } = steps
    logger.info({ msg: 'draining: readiness fails from now on', graceMs: times.graceMs, timeoutMs: times.timeoutMs })
    // From the start of the grace, each kept-alive connection ends with its next answer, which tells the load
    // balancer not to use it again. Closing idle ones only at the grace's end would race a balancer writing a
    // request on one at that moment: a POST it cannot resend elsewhere (nginx never does), which fails. With
    // this, by the grace's end the balancer holds none it would reuse (nginx's keepalive_timeout is shorter).
    requests.closeAfterEach()
    if (times.graceMs > 0) await sleep(times.graceMs)
    // From the grace's timer, the next check phase comes right after the loop's poll phase, where the connections
    // the kernel had queued are accepted: closing the listener resets any still queued, with whatever request a
    // balancer already wrote on them.
    await new Promise((resolve) => setImmediate(resolve))
    const allClosed = closeListener(server)
    steps.endStreams()
    // Not a moment sooner is an idle connection closed: one taken at the listener's close may hold a request
    // not read yet. Whatever comes is answered, and its connection closes after. The wait is part of the
    // timeout, so close() (none) waits for nothing.
    const lateMs = Math.min(LATE_REQUEST_MS, times.timeoutMs)
    if (lateMs > 0) await sleep(lateMs)
    const finished = await requests.settled(times.timeoutMs - lateMs)
    logger.info({
      msg: finished ? 'draining: requests under way finished' : 'draining: requests cut off at the timeout',
      cutOff: requests.count(),
    })
    server.closeAllConnections()
    await allClosed
    await steps.closeRest()
    logger.info({ msg: 'drained' })
  }

  return {
    state: { draining: () => draining } satisfies DrainState,
    run(times: DrainTimes, steps: DrainSteps): Promise<void> {
      draining = true
      done ??= run(times, steps)
      return done
    },
  }
}

/**
 * Stops taking connections; resolves once every connection has ended too. Not http's server.close(): it also
 * drops each connection with no request parsed yet, which a connection taken a moment ago may well be.
 */
function closeListener(server: Server): Promise<void> {
  return new Promise((resolve) => NetServer.prototype.close.call(server, () => resolve()))
}
