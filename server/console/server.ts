// Starts the console server: opens its store, listens with timeouts and a connection cap.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { LiveCall } from '../../src/api/live-schemas'
import { createConsoleApp } from './app'
import { createAuditLog } from './audit/audit-log'
import { startConsoleCallIndex } from './calls/index/console-call-index'
import type { ConsoleConfig } from './config'
import { DEMO_USERS, ensureDemoUsers } from './demo-users'
import { createLogger, type Logger } from './http/request-log'
import { createConsoleLiveHub } from './live/console-live-hub'
import { type ConsoleStore, openStore } from './store'

export interface RunningConsole {
  url: string
  port: number
  store: ConsoleStore
  close(): Promise<void>
}

const SWEEP_EVERY_MS = 10 * 60_000
const DAY_MS = 24 * 60 * 60_000

export async function startConsole(
  config: ConsoleConfig,
  extra: { logger?: Logger; now?: () => number } = {},
): Promise<RunningConsole> {
  const logger = extra.logger ?? createLogger(config.log)
  const store = await openStore(config.dbPath, config.queries)
  if (config.demoUsers) await ensureDemoUsers(store)
  const now = extra.now ?? Date.now
  const audit = createAuditLog(store, now)
  // Either can be turned off where the account's rate limit is too low to share with them.
  // The hub's statuses keep the index's calls in flight as fresh as the board, between the sync's passes.
  const noteStatus = (call: LiveCall) =>
    void store.callIndex
      .noteStatus(call)
      .catch((error) => logger.error({ msg: 'could not index a call status', error: String(error) }))
  const liveHub =
    config.live.enabled === false
      ? null
      : createConsoleLiveHub({ ...config, store, logger, onCall: config.callIndex.enabled ? noteStatus : undefined })
  const callIndex = config.callIndex.enabled
    ? startConsoleCallIndex({ ...config, store, logger, upstreamRps: config.callIndex.upstreamRps })
    : null
  const app = createConsoleApp({
    ...config,
    store,
    audit,
    liveHub,
    callIndex,
    logger,
    userRateLimitPerMinute: config.userRateLimitPerMinute,
    demoUsers: config.demoUsers ? DEMO_USERS : [],
    now,
  })

  const server = await new Promise<Server>((resolve, reject) => {
    const instance = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(instance as Server),
    ) as Server
    instance.once('error', reject)
  })
  // Slow or idle clients cannot hold sockets forever; a flood cannot open unlimited ones.
  server.headersTimeout = 10_000
  server.requestTimeout = 60_000
  server.keepAliveTimeout = 5_000
  server.maxConnections = 1_000
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // A browser that leaves mid-request is ordinary: a line at info, no stack.
    logger.info({ msg: 'client connection ended', code: error.code ?? 'unknown' })
    if (socket.writable && error.code !== 'ECONNRESET')
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')
    else socket.destroy()
  })
  const sweep = setInterval(() => {
    store.sessions
      .deleteExpired(Date.now(), config.session.idleMs)
      .catch((error) => logger.error({ msg: 'session sweep failed', error: String(error) }))
  }, SWEEP_EVERY_MS)
  sweep.unref()
  const pruneAudit = () =>
    audit
      .prune(now() - config.auditRetentionDays * DAY_MS)
      .then(({ removed }) => removed > 0 && logger.info({ msg: 'audit entries pruned', removed }))
      .catch((error) => logger.error({ msg: 'audit prune failed', error: String(error) }))
  await pruneAudit()
  const retention = setInterval(pruneAudit, DAY_MS)
  retention.unref()

  const port = (server.address() as AddressInfo).port
  return {
    url: `http://${config.host}:${port}`,
    port,
    store,
    close: async () => {
      clearInterval(sweep)
      clearInterval(retention)
      // First: its timers stop and its event streams end, so closing the server waits for none of them.
      liveHub?.close()
      await callIndex?.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await store.close()
    },
  }
}
