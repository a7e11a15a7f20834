// The console's Prometheus metrics (prom-client), in a registry of its own: several consoles in one process
// (the tests) each count their own. Labels take few values: a route is its pattern or operation, never a path.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/** Which part of the console sent a request to the voice service. */
type UpstreamSource = 'proxy' | 'live' | 'index' | 'alerts'

/** An upstream answer's status, or null when none came (timeout, unreachable). */
type UpstreamObserver = (status: number | null) => void

/** What a scrape reads from the running console; each may be absent (no hub, say). */
interface MetricSources {
  liveStreams?: () => number
  /** The call index's watermark (epoch ms), null before its first pass. */
  indexSyncedTo?: () => Promise<number | null>
  /** Whether this instance drains for a stop. */
  draining?: () => boolean
  now?: () => number
  /**
   * prom-client's process metrics (CPU, memory, event loop lag, GC): only where something scrapes them, as each
   * registry that collects them keeps an event loop monitor and a GC observer running for good.
   */
  processMetrics?: boolean
}

function upstreamStatusClass(status: number | null): string {
  if (status === null) return 'no-answer'
  // The voice service's rate limit is worth its own value: the console must stay under it.
  if (status === 429) return '429'
  const hundreds = Math.floor(status / 100)
  return STATUS_CLASSES[hundreds] ?? `${hundreds}xx`
}

// Built once: a string built per request would be garbage per request.
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx']

/** One series' count not yet added to its prom-client counter. */
interface Tally {
  labels: Record<string, string>
  pending: number
}

function tally(tallies: Tally[], labels: Record<string, string>): Tally {
  const made = { labels, pending: 0 }
  tallies.push(made)
  return made
}

function addTallies(counter: Counter, tallies: Tally[]) {
  for (const counted of tallies) {
    if (counted.pending === 0) continue
    counter.inc(counted.labels, counted.pending)
    counted.pending = 0
  }
}

export function createConsoleMetrics(sources: MetricSources = {}) {
  const registry = new Registry()
  const now = sources.now ?? Date.now
  if (sources.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'console_' })

  // The hot counts are kept here, a number per series, and added to prom-client's counters when a scrape reads them
  // (their collect): prom-client's inc hashes its labels into a new string at every call, garbage at every request.
  const requestCounts: Tally[] = []
  const upstreamCounts: Tally[] = []
  new Counter({
    name: 'console_http_requests_total',
    help: 'Requests answered by this console, by route (its pattern or voice API operation, never the raw path), method and status.',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
    collect() {
      addTallies(this, requestCounts)
    },
  })
  const duration = new Histogram({
    name: 'console_http_request_duration_seconds',
    help: 'Time from a request to its answer’s headers (a stream or download counts until it starts), by route and method.',
    labelNames: ['route', 'method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  let underWay: () => number = () => 0
  new Gauge({
    name: 'console_http_requests_in_flight',
    help: 'Requests under way on this console, open live streams and downloads included.',
    registers: [registry],
    collect() {
      this.set(underWay())
    },
  })
  new Counter({
    name: 'console_upstream_requests_total',
    help: 'Requests this console sent to the voice service, by source (proxy, live, index, alerts) and answer (2xx, 4xx, 429, 5xx, no-answer).',
    labelNames: ['source', 'status'],
    registers: [registry],
    collect() {
      addTallies(this, upstreamCounts)
    },
  })
  const audit = new Counter({
    name: 'console_audit_appends_total',
    help: 'Audit entries this console appended (committed), or failed to append, by result.',
    labelNames: ['result'],
    registers: [registry],
  })
  const deliveries = new Counter({
    name: 'console_alert_deliveries_total',
    help: 'Alert delivery attempts this console made, by channel kind and outcome (delivered, retrying, failed).',
    labelNames: ['channel', 'outcome'],
    registers: [registry],
  })
  const isDraining = sources.draining ?? (() => false)
  new Gauge({
    name: 'console_draining',
    help: '1 while this instance drains for a stop (readiness fails), else 0.',
    registers: [registry],
    collect() {
      this.set(isDraining() ? 1 : 0)
    },
  })
  const leases = new Map<string, () => boolean>()
  new Gauge({
    name: 'console_lease_held',
    help: 'Per lease: 1 while this instance holds it (it does that work for every instance), else 0.',
    labelNames: ['lease'],
    registers: [registry],
    collect() {
      for (const [name, held] of leases) this.set({ lease: name }, held() ? 1 : 0)
    },
  })
  const { liveStreams, indexSyncedTo } = sources
  if (liveStreams)
    new Gauge({
      name: 'console_live_streams',
      help: 'Live event streams (GET /api/console/events) open on this instance.',
      registers: [registry],
      collect() {
        this.set(liveStreams())
      },
    })
  if (indexSyncedTo)
    new Gauge({
      name: 'console_call_index_lag_seconds',
      help: 'How far the call index is behind the voice service: now minus the time it has synced up to (from the store, so every instance reports the same).',
      registers: [registry],
      async collect() {
        // A store that cannot answer leaves the gauge out rather than failing the scrape: /readyz says why.
        const syncedTo = await indexSyncedTo().catch(() => undefined)
        this.reset()
        if (typeof syncedTo === 'number') this.set(Math.max(0, (now() - syncedTo) / 1000))
      },
    })

  // Each request's series, found once: a key built per request is garbage per request. Bounded by routes × methods
  // × statuses (never the raw path); nothing here resets the series.
  const series = new Map<string, Map<string, Map<number, { count: Tally; time: (seconds: number) => void }>>>()
  // Written out rather than through a helper that takes a maker: a closure made at each lookup is garbage too.
  const seriesOf = (route: string, method: string, status: number) => {
    let ofRoute = series.get(route)
    if (!ofRoute) {
      ofRoute = new Map()
      series.set(route, ofRoute)
    }
    let ofMethod = ofRoute.get(method)
    if (!ofMethod) {
      ofMethod = new Map()
      ofRoute.set(method, ofMethod)
    }
    let found = ofMethod.get(status)
    if (!found) {
      const count = tally(requestCounts, { route, method, status: String(status) })
      const timed = duration.labels({ route, method })
      found = { count, time: (seconds: number) => timed.observe(seconds) }
      ofMethod.set(status, found)
    }
    return found
  }

  return {
    registry,
    request(route: string, method: string, status: number, seconds: number) {
      const { count, time } = seriesOf(route, method, status)
      count.pending++
      time(seconds)
    },
    /** The server's count of responses under way (drain.ts's tracker), read at each scrape. */
    countRequestsWith: (count: () => number) => {
      underWay = count
    },
    upstream: (source: UpstreamSource): UpstreamObserver => {
      // One series per answer class, found once (as the requests' above).
      const tallies = new Map<string, Tally>()
      return (status) => {
        const answered = upstreamStatusClass(status)
        let counted = tallies.get(answered)
        if (!counted) {
          counted = tally(upstreamCounts, { source, status: answered })
          tallies.set(answered, counted)
        }
        counted.pending++
      }
    },
    auditAppended: (ok: boolean) => audit.inc({ result: ok ? 'written' : 'failed' }),
    alertDelivery: (channel: string, outcome: string) => deliveries.inc({ channel, outcome }),
    /** A lease this console may hold, read at each scrape (`held` of cluster/lease.ts's holdLease). */
    watchLease: (name: string, held: () => boolean) => {
      leases.set(name, held)
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  }
}

export type ConsoleMetrics = ReturnType<typeof createConsoleMetrics>
