// The status hub's test bench: the real simulator with a counting proxy in front (to see every
// upstream request the hub sends), and consoles whose hub polls through that proxy, each with a
// signed-in support user and SSE clients. The console's own voice routes go to the simulator directly.
import type { LiveCallEntry, LiveTally } from '../../../src/api/contract/live-schemas'
import type { Logger } from '../http/request-log'
import { type CLUSTER_TIMINGS, createClusterHub } from '../live/cluster-hub'
import { POLLER_LIMITS } from '../live/console-live-hub'
import { createLiveHub, type LiveHub, type LiveLimits } from '../live/live-hub'
import { createLiveUpstream } from '../live/live-upstream'
import { type ConsoleStore, openStore } from '../store'
import { createTestConsole } from './console-app'
import { type CountingUpstream, startCountingUpstream } from './counting-upstream'
import { ACME_KEY, type SimulatorProcess, simulatorGet, startSimulatorProcess } from './simulator-process'
import { openSse, type ReadEvent, type SseClient } from './sse-client'
import { openTestStore, testStoreLocation } from './test-store'

export const isSnapshot = (event: ReadEvent) => event.event === 'snapshot'

/** A `call` event of one call; of one status of it when `status` is given. */
export const callEvent = (callId: string, status?: string) => (event: ReadEvent) => {
  if (event.event !== 'call') return false
  const { call } = event.data as LiveCallEntry
  return call.call_id === callId && (status === undefined || call.status === status)
}

// The simulator's test numbers (its README).
/** Rings a few seconds, then talks 10 s to 4 min. */
export const COMPLETES = '+15005550006'
/** Completes as a voicemail drop after 15 to 40 s. */
export const VOICEMAIL = '+15005550004'
/** Fails without ringing, 0.7 to 1.5 s after it is placed. */
export const FAILS_AT_ONCE = '+15005550003'

export interface LiveConsoleSettings {
  pollMs?: number
  discoveryMs?: number
  upstreamRps?: number
  heartbeatMs?: number
  /** Of each instance in turn, when given: how often its streams are checked against their sessions. */
  sweepMs?: number[]
  limits?: Partial<LiveLimits>
}

export type LiveTestbed = Awaited<ReturnType<typeof startLiveTestbed>>

export async function startLiveTestbed(simulatorEnv: Record<string, string>) {
  const sim: SimulatorProcess = await startSimulatorProcess(simulatorEnv)
  const proxy: CountingUpstream = await startCountingUpstream(sim.url)
  const { caller_ids } = await simulatorGet<{ caller_ids: { phone_number: string }[] }>(sim, '/caller-ids')
  const callerId = caller_ids[0]?.phone_number ?? ''
  const opened: { hub: LiveHub; clients: SseClient[]; store?: ConsoleStore }[] = []

  /** A console with its own hub over the counting proxy, and a signed-in support user. */
  async function liveConsole(settings: LiveConsoleSettings = {}) {
    const store = await openTestStore()
    const hub = createLiveHub({
      upstream: createLiveUpstream({ upstream: proxy.url, apiKey: ACME_KEY }),
      ownersOf: (ids) => store.callOwners.ownersOf(ids),
      pollMs: settings.pollMs ?? 100,
      discoveryMs: settings.discoveryMs,
      upstreamRps: settings.upstreamRps ?? 1_000,
      limits: settings.limits,
    })
    const app = await createTestConsole({
      store,
      upstream: sim.url,
      apiKey: ACME_KEY,
      liveHub: hub,
      heartbeatMs: settings.heartbeatMs,
    })
    await app.addUser('support@example.com', 'support')
    const cookie = await app.signIn('support@example.com')
    const clients: SseClient[] = []
    opened.push({ hub, clients })
    /** A stream for the support user, or for whoever `as` (a session cookie) is. */
    const connect = async (query = '', headers: Record<string, string> = {}, as = cookie) => {
      const client = await openSse(await app.request(`/api/console/events${query}`, { cookie: as, headers }))
      clients.push(client)
      return client
    }
    return { app, hub, cookie, connect }
  }

  /**
   * Console instances on one shared store (a SQLite file, or a PostgreSQL database), each with its own
   * connections and a clustered hub over the counting proxy, as processes behind a load balancer would be.
   */
  async function clusterConsoles(
    count: number,
    settings: LiveConsoleSettings & {
      timings?: Partial<typeof CLUSTER_TIMINGS>
      logger?: Logger
      /** The instance's listening connection's first wait before reconnecting. */
      noticeRetryMs?: number
    } = {},
  ) {
    const location = await testStoreLocation({ file: true })
    const instances = []
    for (let n = 0; n < count; n += 1) {
      // Named as an instance of the server names its listening connection, with its test name.
      const store = await openStore(location, undefined, {
        connections: 4,
        noticeConnection: { name: `console instance-${n}`, retryMs: settings.noticeRetryMs },
      })
      const hub = createClusterHub({
        store,
        instance: `instance-${n}`,
        createHub: (onEvent) =>
          createLiveHub({
            upstream: createLiveUpstream({ upstream: proxy.url, apiKey: ACME_KEY }),
            ownersOf: (ids) => store.callOwners.ownersOf(ids),
            pollMs: settings.pollMs ?? 100,
            discoveryMs: settings.discoveryMs,
            upstreamRps: settings.upstreamRps ?? 1_000,
            limits: { ...settings.limits, ...POLLER_LIMITS },
            onEvent,
          }),
        limits: settings.limits,
        timings: settings.timings,
        logger: settings.logger,
      })
      const app = await createTestConsole({
        store,
        upstream: sim.url,
        apiKey: ACME_KEY,
        liveHub: hub,
        heartbeatMs: settings.heartbeatMs,
        liveSweepMs: settings.sweepMs?.[n],
      })
      if (n === 0) await app.addUser('support@example.com', 'support')
      const cookie = await app.signIn('support@example.com')
      const clients: SseClient[] = []
      opened.push({ hub, clients, store })
      const connect = async (query = '', headers: Record<string, string> = {}, as = cookie) => {
        const client = await openSse(await app.request(`/api/console/events${query}`, { cookie: as, headers }))
        clients.push(client)
        return client
      }
      instances.push({ app, hub, store, cookie, connect, location })
    }
    return instances
  }

  /** Places a call straight at the simulator: a call this console did not place. */
  async function placeCall(destination = COMPLETES): Promise<string> {
    const res = await fetch(`${sim.url}/api/v1/voice/calls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ caller_id: callerId, destination }),
    })
    const body = (await res.json()) as { call_id: string }
    return body.call_id
  }

  /** The tally the hub should have, counted in full from the simulator's list (every page). */
  async function bruteForceTally(fromDate: Date): Promise<Pick<LiveTally, 'completed' | 'failed'>> {
    const count = async (status: string) => {
      let total = 0
      let cursor: string | null = null
      do {
        const query = new URLSearchParams({ status, from_date: fromDate.toISOString(), limit: '100' })
        if (cursor) query.set('cursor', cursor)
        const page = await simulatorGet<{ calls: unknown[]; next_cursor: string | null }>(sim, `/calls?${query}`)
        total += page.calls.length
        cursor = page.next_cursor
      } while (cursor)
      return total
    }
    return { completed: await count('DIALER_COMPLETED'), failed: await count('DIALER_FAILED') }
  }

  /** Calls still in flight in the simulator, created since `fromDate`. */
  async function inFlight(fromDate: Date): Promise<number> {
    let total = 0
    for (const status of ['DIALER_INITIATED', 'DIALER_RINGING']) {
      const query = new URLSearchParams({ status, from_date: fromDate.toISOString(), limit: '100' })
      total += (await simulatorGet<{ calls: unknown[] }>(sim, `/calls?${query}`)).calls.length
    }
    return total
  }

  return {
    sim,
    proxy,
    callerId,
    liveConsole,
    clusterConsoles,
    placeCall,
    bruteForceTally,
    inFlight,
    /** For afterEach: ends every client and hub opened since. */
    async closeConsoles() {
      for (const { hub, clients, store } of opened.splice(0)) {
        await Promise.all(clients.map((client) => client.close()))
        await hub.close()
        // A test may have closed it already (an instance that died).
        await store?.close().catch(() => {})
      }
    },
    async stop() {
      await proxy.close()
      await sim.stop()
    },
  }
}
