// The console's operations side, made once per console: its metrics, its readiness, its drain, and what
// app.ts mounts (the routes and the request metering). server.ts wires it with what only it has (the server).
import type { Server } from 'node:http'
import type { AuditLog } from '../audit/audit-log'
import type { Logger } from '../http/request-log'
import { RELEASE } from '../release'
import type { ConsoleStore } from '../store'
import { dashboardBuild, dashboardMissing } from './dashboard-build'
import { createDrain, type DrainSteps, type DrainTimes, trackRequests } from './drain'
import { opsRoutes } from './health-routes'
import { measureRequests } from './measure-requests'
import { createConsoleMetrics } from './metrics'
import { createReadiness } from './readiness'
import { addServiceGauges } from './service-gauges'

export interface ConsoleOpsOptions {
  store: ConsoleStore
  logger: Logger
  /** CONSOLE_METRICS_TOKEN; null: /metrics answers 404. */
  metricsToken: string | null
  /** Live streams open now (the status hub's viewers). */
  liveStreams: () => number
  now?: () => number
  /** The dashboard's build (config.distDir): without its index.html the instance is not ready. */
  distDir?: string
}

export function createConsoleOps(options: ConsoleOpsOptions) {
  const drain = createDrain(options.logger)
  const metrics = createConsoleMetrics({
    liveStreams: options.liveStreams,
    indexSyncedTo: () => options.store.callIndexSync.read().then((row) => row.synced_to),
    draining: drain.state.draining,
    now: options.now,
    processMetrics: options.metricsToken !== null,
  })
  const dashboard = options.distDir === undefined ? undefined : dashboardBuild(options.distDir)
  if (dashboard?.() === 'missing')
    options.logger.error({ msg: dashboardMissing(options.distDir ?? ''), check: 'dashboard' })
  const readiness = createReadiness(options.store, drain.state, dashboard)
  addServiceGauges(metrics.registry, RELEASE, readiness)
  return {
    metrics,
    /** For app.ts: mounted ahead of the host check. */
    app: {
      measure: measureRequests(metrics),
      routes: opsRoutes({ readiness, metrics, metricsToken: options.metricsToken }),
      proxyAnswered: metrics.upstream('proxy'),
      requestMeasured: metrics.request,
    },
    /** Counts each append as it commits (or fails). */
    countAppends(audit: AuditLog): AuditLog {
      return {
        ...audit,
        record: (event) =>
          audit.record(event).then(
            (row) => {
              metrics.auditAppended(true)
              return row
            },
            (error: unknown) => {
              metrics.auditAppended(false)
              throw error
            },
          ),
      }
    },
    /** Once the server listens: counts its requests, and answers the drain that stops it. */
    attach(server: Server, steps: Omit<DrainSteps, 'server' | 'requests'>) {
      const requests = trackRequests(server)
      metrics.countRequestsWith(requests.count)
      return (times: DrainTimes) => drain.run(times, { ...steps, server, requests })
    },
  }
}
