// The console's one hub, from its settings: none without an API key (nothing could be polled). Across
// several instances on one store (settings.cluster) the hub is shared through the store (cluster-hub.ts).
import { newInstanceId } from '../cluster/instance-id'
import type { LiveSettings } from '../config'
import type { Logger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import { createClusterHub } from './cluster-hub'
import { createLiveHub, type LiveHub, type LiveHubOptions, type LiveLimits } from './live-hub'
import { createLiveUpstream } from './live-upstream'

const DEFAULT_LIVE_SETTINGS: LiveSettings = { pollMs: 1_000, upstreamRps: 10 }

// The lease holder's own hub counts no viewer against a cap: each instance holds its streams to them.
const UNCAPPED = Number.MAX_SAFE_INTEGER
export const POLLER_LIMITS: Partial<LiveLimits> = {
  viewers: UNCAPPED,
  viewersPerCall: UNCAPPED,
  watches: UNCAPPED,
  streamsPerPerson: UNCAPPED,
  watchesPerPerson: UNCAPPED,
  logCapacity: 1,
}

export function createConsoleLiveHub(options: {
  upstream: string
  apiKey: string | null
  store: ConsoleStore
  live?: LiveSettings
  logger?: Logger
  limits?: Partial<LiveLimits>
  onCall?: LiveHubOptions['onCall']
  /** This instance's name in the store's leases (cluster/instance-id.ts). */
  instance?: string
  /** Each upstream answer's status, for the console's metrics. */
  onUpstreamAnswer?: (status: number | null) => void
}): (LiveHub & { polling?: () => boolean }) | null {
  const apiKey = options.apiKey?.trim()
  if (!apiKey) return null
  const settings = options.live ?? DEFAULT_LIVE_SETTINGS
  const limits: Partial<LiveLimits> = {
    ...(settings.maxStreams !== undefined && { viewers: settings.maxStreams }),
    ...(settings.streamsPerPerson && { streamsPerPerson: settings.streamsPerPerson }),
    ...(settings.watchedPerPerson && { watchesPerPerson: settings.watchedPerPerson }),
    ...options.limits,
  }
  const hubOptions = (): LiveHubOptions => ({
    upstream: createLiveUpstream({ upstream: options.upstream, apiKey, onAnswer: options.onUpstreamAnswer }),
    ownersOf: (callIds) => options.store.callOwners.ownersOf(callIds),
    pollMs: settings.pollMs,
    upstreamRps: settings.upstreamRps,
    logger: options.logger,
    limits,
    onCall: options.onCall,
  })
  if (!settings.cluster) return createLiveHub(hubOptions())
  return createClusterHub({
    store: options.store,
    instance: options.instance ?? newInstanceId(),
    createHub: (onEvent) => createLiveHub({ ...hubOptions(), limits: { ...limits, ...POLLER_LIMITS }, onEvent }),
    limits,
    notices: settings.notices,
    ...(settings.safetyNetMs !== undefined && { timings: { safetyNetMs: settings.safetyNetMs } }),
    logger: options.logger,
  })
}
