// The console's one call index sync, from its settings: none without an API key (nothing to list).
import type { Logger } from '../../http/request-log'
import type { ConsoleStore } from '../../store'
import { type CallIndexSync, startCallIndexSync } from './call-index-sync'
import { createIndexUpstream } from './index-upstream'

export function startConsoleCallIndex(options: {
  upstream: string
  apiKey: string | null
  store: ConsoleStore
  upstreamRps: number
  logger?: Logger
  onCallEnded?: (createdAtMs: number | null) => void
  /** Each upstream answer's status, for the console's metrics. */
  onUpstreamAnswer?: (status: number | null) => void
}): CallIndexSync | null {
  const apiKey = options.apiKey?.trim()
  if (!apiKey) return null
  return startCallIndexSync({
    store: options.store,
    upstream: createIndexUpstream({ upstream: options.upstream, apiKey, onAnswer: options.onUpstreamAnswer }),
    rps: options.upstreamRps,
    logger: options.logger,
    onCallEnded: options.onCallEnded,
  })
}
