import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { loadConfig, type SimulatorConfig } from './config'
import type { AccountRow } from './db/account-queries'
import { openDatabase } from './db/open'
import { createQueries } from './db/queries'
import { seedDatabase } from './db/seed'
import { answerClientErrors } from './http/client-errors'
import { createLogger } from './http/logging'

export interface RunningSimulator {
  url: string
  port: number
  config: SimulatorConfig
  close(): Promise<void>
}

/** Opens (creating and seeding if new) the database and listens. Port 0 picks a free port. */
export async function startSimulator(
  overrides: Partial<SimulatorConfig> & { now?: () => number } = {},
): Promise<RunningSimulator> {
  const { now = Date.now, ...configOverrides } = overrides
  const config: SimulatorConfig = { ...loadConfig({}, []), ...configOverrides }
  const logger = createLogger(config.log)
  const { db } = openDatabase(config.db)
  const queries = createQueries(db)

  if (!queries.accounts.getMeta('seeded_at')) {
    seedDatabase(queries, {
      now: now(),
      seedCalls: config.seedCalls,
      acmeKey: config.acmeKey,
      globexKey: config.globexKey,
    })
  }
  let secret = queries.accounts.getMeta('secret')
  if (!secret) {
    secret = randomBytes(32).toString('hex')
    queries.accounts.setMeta('secret', secret)
  }
  queries.accounts.setKey('acme', config.acmeKey)
  queries.accounts.setKey('globex', config.globexKey)
  const accountsByKey = new Map<string, AccountRow>(queries.accounts.all().map((row) => [row.api_key, row]))

  let origin = ''
  const app = createApp({
    config,
    queries,
    logger,
    now,
    secret,
    storageUrl: () => config.storageUrl ?? `${origin}/storage`,
    accountsByKey: () => accountsByKey,
  })

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const instance = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(instance))
    instance.once('error', reject)
  })
  const httpServer = server as Server
  answerClientErrors(httpServer)
  httpServer.keepAliveTimeout = config.keepAliveTimeoutMs
  const port = (server.address() as AddressInfo).port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`

  return {
    url: origin,
    port,
    config,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          db.close()
          if (error) reject(error)
          else resolve()
        })
        if ('closeAllConnections' in server) server.closeAllConnections()
      }),
  }
}
