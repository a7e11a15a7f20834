// Starts the console server: opens its store, starts its background work, builds the app (app.ts), listens
// (console-app/listen.ts: timeouts and connection caps) and sweeps the store (console-app/housekeeping.ts).
import type { AddressInfo } from 'node:net'
import type { LiveCall } from '../../src/api/contract/live-schemas'
import { auditHeadToChannel } from './alerts/delivery/audit-head-channel'
import { type AlertDelivery, createAlertDelivery } from './alerts/delivery/delivery'
import { ALERT_RULES_LEASE, startConsoleAlerts } from './alerts/rules/console-alerts'
import { addDemoAlertRule } from './alerts/rules/demo-rule'
import { createUsageUpstream } from './alerts/rules/usage-upstream'
import { createConsole } from './app'
import { createAuditLog } from './audit/audit-log'
import { anchorAuditHead } from './audit/head-anchor'
import { createRefusalTally } from './audit/refusal-tally'
import { readFlaggedCallerIds } from './caller-ids/read-health'
import { CALL_INDEX_LEASE, startConsoleCallIndex } from './calls/index/console-call-index'
import { readIndexState } from './calls/index/read-index-state'
import { newInstanceId } from './cluster/instance-id'
import { announceInstance } from './cluster/instance-presence'
import type { ConsoleConfig } from './config'
import { startHousekeeping } from './console-app/housekeeping'
import { listenConsole } from './console-app/listen'
import { recordDemoPlacers } from './demo-placed-by'
import { DEMO_USERS, ensureDemoUsers } from './demo-users'
import { foldRepeatedErrors } from './http/repeated-errors'
import { createLogger, type Logger, withFields } from './http/request-log'
import { createIntegrationDelivery, type IntegrationDelivery } from './integrations/integration-delivery'
import { LIVE_HUB_LEASE } from './live/cluster-poller'
import { createConsoleLiveHub } from './live/console-live-hub'
import { createConsoleOps } from './ops/console-ops'
import type { DrainTimes } from './ops/drain'
import type { ConsoleMetrics } from './ops/metrics'
import { startConsoleReports } from './reports/console-reports'
import { RETENTION_LEASE, startConsoleRetention } from './retention/console-retention'
import { type ConsoleStore, openStore } from './store'
import { backupReminder } from './store/migration-state'
import { readCallWork } from './work-composition'

export interface RunningConsole {
  url: string
  port: number
  store: ConsoleStore
  /** Carries alert firings out: the rules' onFired is its fanOut. */
  alertDelivery: AlertDelivery
  /** Carries call events to the integrations; its integrationsOnWorkSaved is the outcomes module's listener. */
  integrationDelivery: IntegrationDelivery
  /** Its Prometheus metrics (ops/metrics.ts): a lease's user reports it with watchLease. */
  metrics: ConsoleMetrics
  /** The graceful stop of SIGTERM (ops/drain.ts): readiness fails, then the listener closes, streams end, requests finish. */
  drain(times?: DrainTimes): Promise<void>
  /** Its log (JSON lines, each with the instance; repeated errors folded) and its name among instances. */
  logger: Logger
  instanceId: string
  /** The same stop without the waits (tests, npm start). */
  close(): Promise<void>
}

export async function startConsole(
  config: ConsoleConfig,
  extra: { logger?: Logger; now?: () => number; instanceId?: string; repeatsEveryMs?: number } = {},
): Promise<RunningConsole> {
  // Its name in the leases of the work one instance does for all (the index sync, the alert rules), and in its logs.
  const instanceId = extra.instanceId ?? newInstanceId()
  const logger = foldRepeatedErrors(
    withFields(extra.logger ?? createLogger(config.log), { instance: instanceId }),
    extra.repeatsEveryMs,
  )
  const store = await openStore(config.dbPath, config.queries, {
    // Sessions found are kept in memory on PostgreSQL too, forgotten at a notice of any change (recent-sessions.ts).
    watchSessions: true,
    // One listening connection per instance, named for it in pg_stat_activity.
    noticeConnection: { name: `console ${instanceId}` },
    // A new database has nothing to lose; one that holds data is reminded of its backup.
    beforeMigrating: (state) => state.at !== null && logger.info({ msg: backupReminder(state) }),
  })
  // Its own lease for as long as it runs: a PostgreSQL restore refuses while any instance holds one.
  const presence = announceInstance({ store, instanceId, logger })
  if (config.demoUsers) await ensureDemoUsers(store)
  // Demo data only: part of the seeded current period's calls "placed" by the demo people (demo-placed-by.ts).
  const demoPlacers =
    config.demoUsers && config.apiKey
      ? recordDemoPlacers(store, { upstream: config.upstream, apiKey: config.apiKey }).catch((error) => {
          logger.error({ msg: 'could not record the demo people’s calls', error: String(error) })
          return 0
        })
      : Promise.resolve(0)
  const now = extra.now ?? Date.now
  const ops = createConsoleOps({
    store,
    logger,
    metricsToken: config.ops.metricsToken,
    liveStreams: () => liveHub?.stats().viewers ?? 0,
    now,
    distDir: config.distDir,
  })
  const audit = ops.countAppends(createAuditLog(store, now))
  const refusals = createRefusalTally(audit, now, (error) =>
    logger.error({ msg: 'could not audit refusals', error: String(error) }),
  )
  // Either can be turned off where the account's rate limit is too low to share with them.
  // The hub's statuses keep the index's calls in flight as fresh as the board, between the sync's passes.
  const noteStatus = (call: LiveCall) =>
    void store.callIndex
      .noteStatus(call)
      .catch((error) => logger.error({ msg: 'could not index a call status', error: String(error) }))
  const liveHub =
    config.live.enabled === false
      ? null
      : createConsoleLiveHub({
          ...config,
          store,
          logger,
          onCall: config.callIndex.enabled ? noteStatus : undefined,
          onUpstreamAnswer: ops.metrics.upstream('live'),
          instance: instanceId,
        })
  // Across instances, 1 on the one whose poller holds the lease and polls (a single instance has no lease).
  const polling = liveHub?.polling
  if (polling) ops.metrics.watchLease(LIVE_HUB_LEASE, polling)
  // The demo's rule goes in before the first evaluation (npm start only).
  const apiKey = config.apiKey?.trim()
  if (config.demoUsers && apiKey && config.alerts.enabled) {
    const upstream = createUsageUpstream({ upstream: config.upstream, apiKey, timeoutMs: config.upstreamTimeoutMs })
    await addDemoAlertRule({ store, upstream, audit, logger, now }).catch((error) =>
      logger.error({ msg: 'demo: could not add an alert rule', error: String(error) }),
    )
    upstream.close()
  }
  // Its worker claims due deliveries in the store, so every console instance may run one.
  const alertDelivery = createAlertDelivery({
    store,
    audit,
    logger,
    config: { ...config.alertChannels, consoleUrl: config.publicUrl.origin },
    now,
    onAttempt: ops.metrics.alertDelivery,
  })
  alertDelivery.start()
  // As alerts' worker: it claims due deliveries in the store, so every instance may run one.
  const integrationDelivery = createIntegrationDelivery({
    store,
    audit,
    logger,
    config: { allowPrivate: config.alertChannels.allowPrivate, consoleUrl: config.publicUrl.origin },
    readWork: readCallWork(store),
    now,
  })
  integrationDelivery.start()
  const alerts = startConsoleAlerts({
    ...config,
    store,
    audit,
    instanceId,
    logger,
    now,
    readFlagged: () => readFlaggedCallerIds(store),
    onUpstreamAnswer: ops.metrics.upstream('alerts'),
    // Each firing goes out once per channel: the fan-out's insert is idempotent across instances.
    onFired: async (firing) => {
      await alertDelivery.fanOut(firing)
    },
  })
  const callIndex = config.callIndex.enabled
    ? startConsoleCallIndex({
        ...config,
        store,
        instanceId,
        logger,
        upstreamRps: config.callIndex.upstreamRps,
        onUpstreamAnswer: ops.metrics.upstream('index'),
        onCallEnded: (createdAtMs, callId) => {
          alerts?.notify(createdAtMs)
          // Queued once per destination in the store: a lease changing hands mid-queue sends nothing twice.
          integrationDelivery
            .callEnded(callId, createdAtMs)
            .catch((error) => logger.error({ msg: 'call.ended not queued', callId, error: String(error) }))
        },
      })
    : null
  // Issue 53, item 4: usage reports by email; every instance ticks, the store's claims make each report once.
  const reports = startConsoleReports({
    config,
    store,
    indexState: () => (callIndex ? callIndex.state() : readIndexState(store, null)),
    logger,
    now,
  })
  if (alerts) ops.metrics.watchLease(ALERT_RULES_LEASE, alerts.leaseHeld)
  if (callIndex) ops.metrics.watchLease(CALL_INDEX_LEASE, callIndex.leaseHeld)
  const { app, fastReads, flush } = createConsole({
    ...config,
    store,
    audit,
    refusals,
    liveHub,
    callIndex,
    alertDelivery,
    integrationDelivery,
    alertEvaluator: alerts,
    logger,
    userRateLimitPerMinute: config.userRateLimitPerMinute,
    demoUsers: config.demoUsers ? DEMO_USERS : [],
    ops: ops.app,
    now,
  })

  const server = await listenConsole(config, app, fastReads, logger)
  const housekeeping = await startHousekeeping(config, store, audit, logger, now)
  // The console's own rows past their windows (CONSOLE_RETENTION_*), pruned by one instance of several, daily.
  const recordsRetention = startConsoleRetention({ store, audit, retention: config.retention, instanceId, logger, now })
  if (recordsRetention) ops.metrics.watchLease(RETENTION_LEASE, recordsRetention.leaseHeld)
  const auditHead = anchorAuditHead({
    store,
    logger,
    registry: ops.metrics.registry,
    sendOut: config.auditHeadChannel
      ? auditHeadToChannel({
          store,
          delivery: alertDelivery,
          chosen: config.auditHeadChannel,
          consoleUrl: config.publicUrl.origin,
          instance: instanceId,
        })
      : undefined,
    sendsDaily: alerts?.leaseHeld,
  })
  await auditHead.noted()

  // Across instances the hub's close also hands its lease over and removes its streams from the store: before the store goes.
  let liveClosed: Promise<void> = Promise.resolve()
  const stop = ops.attach(server, {
    // Its streams end with a hint to reconnect (through the load balancer, to another instance).
    endStreams: () => {
      liveClosed = Promise.resolve(liveHub?.close())
    },
    closeRest: async () => {
      await liveClosed
      await demoPlacers
      housekeeping.stop()
      // Their close gives up the leases they hold, so another instance takes the work over at once.
      await alerts?.close()
      await callIndex?.close()
      await recordsRetention?.close()
      // Queued while the delivery's worker runs: its close waits for the send under way (best effort).
      await auditHead.shuttingDown()
      await alertDelivery.close()
      await integrationDelivery.close()
      await reports.close()
      // The minute under way is written before the store goes: its counts are not lost.
      await refusals.close()
      await auditHead.close()
      await presence.close()
      // Sessions seen in the last seconds keep that time: another instance judges them idle by the store's.
      await flush()
      await store.close()
      // The counts of errors still folding (http/repeated-errors.ts) are written before the process goes.
      logger.close()
    },
  })

  const port = (server.address() as AddressInfo).port
  return {
    url: `http://${config.host}:${port}`,
    port,
    store,
    alertDelivery,
    integrationDelivery,
    metrics: ops.metrics,
    logger,
    instanceId,
    drain: (times = config.ops.drain) => stop(times),
    close: () => stop({ graceMs: 0, timeoutMs: 0 }),
  }
}
