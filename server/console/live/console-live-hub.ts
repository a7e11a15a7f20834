// The console's one hub, from its settings: none without an API key (nothing could be polled).
import type { LiveSettings } from '../config'
import type { Logger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import { createLiveHub, type LiveHub, type LiveHubOptions, type LiveLimits } from './live-hub'
import { createLiveUpstream } from './live-upstream'

export const DEFAULT_LIVE_SETTINGS: LiveSettings = { pollMs: 1_000, upstreamRps: 10 }

export function createConsoleLiveHub(options: {
  upstream: string
  apiKey: string | null
  store: ConsoleStore
  live?: LiveSettings
  logger?: Logger
  limits?: Partial<LiveLimits>
  onCall?: LiveHubOptions['onCall']
  /** Each upstream answer's status, for the console's metrics. */
  onUpstreamAnswer?: (status: number | null) => void
}): LiveHub | null {
  const apiKey = options.apiKey?.trim()
  if (!apiKey) return null
  const settings = options.live ?? DEFAULT_LIVE_SETTINGS
  return createLiveHub({
    upstream: createLiveUpstream({ upstream: options.upstream, apiKey, onAnswer: options.onUpstreamAnswer }),
    ownersOf: (callIds) => options.store.callOwners.ownersOf(callIds),
    pollMs: settings.pollMs,
    upstreamRps: settings.upstreamRps,
    logger: options.logger,
    limits: {
      ...(settings.maxStreams !== undefined && { viewers: settings.maxStreams }),
      ...(settings.streamsPerPerson && { streamsPerPerson: settings.streamsPerPerson }),
      ...(settings.watchedPerPerson && { watchesPerPerson: settings.watchedPerPerson }),
      ...options.limits,
    },
    onCall: options.onCall,
  })
}
