// The report sender as the console starts it, from its settings: email from CONSOLE_SMTP_URL (as alert channels),
// the commitment from the voice service's GET /usage with the console's key, the link from CONSOLE_PUBLIC_URL.
// Every instance runs one: the store's claims make each report once (report-sender.ts).
import type { IndexState } from '../../../src/api/contract/call-index-schemas'
import { createUsageUpstream } from '../alerts/rules/usage-upstream'
import type { ConsoleConfig } from '../config'
import type { Logger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import { createReportSender } from './report-sender'

export function startConsoleReports(options: {
  config: Pick<ConsoleConfig, 'alertChannels' | 'upstream' | 'apiKey' | 'upstreamTimeoutMs' | 'publicUrl' | 'reports'>
  store: ConsoleStore
  indexState: () => Promise<Pick<IndexState, 'listingComplete' | 'syncedTo'>>
  logger: Logger
  now: () => number
}) {
  const { config } = options
  const apiKey = config.apiKey?.trim()
  const upstream = apiKey
    ? createUsageUpstream({ upstream: config.upstream, apiKey, timeoutMs: config.upstreamTimeoutMs })
    : null
  const sender = createReportSender({
    store: options.store,
    indexState: options.indexState,
    readUsage: async () => upstream?.usage() ?? { kind: 'failed', reason: 'no VOICE_API_KEY is set' },
    consoleUrl: config.publicUrl.origin,
    smtp: config.alertChannels.smtp,
    logger: options.logger,
    now: options.now,
    tickMs: config.reports.tickMs,
  })
  sender.start()
  return {
    ...sender,
    async close() {
      upstream?.close()
      await sender.close()
    },
  }
}
