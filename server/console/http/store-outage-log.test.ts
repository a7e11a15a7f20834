// A PostgreSQL outage under a stream of requests, on the console as the production start wires it: the log says
// "store unreachable" once and then how many more, not a line a request (a 20 s outage wrote 540 of them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConsoleConfig } from '../config'
import { startConsole } from '../server'
import { freePort } from '../test-support/free-port'
import { type PostgresCluster, startPostgresCluster } from '../test-support/postgres-cluster'
import { rawRequest } from '../test-support/running-console'
import { makeDist } from '../test-support/stand-in-dist'
import { onPostgres } from '../test-support/test-store'
import { createLogger } from './request-log'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const REQUESTS = 30
let cluster: PostgresCluster | null = null
afterAll(() => cluster?.stop())

describe.skipIf(!onPostgres())('the log of a store outage', () => {
  beforeAll(async () => {
    cluster = await startPostgresCluster()
  }, 180_000)

  it('is one line when it begins and one with the count of the rest', async () => {
    if (!cluster) throw new Error('the cluster did not start')
    const port = await freePort()
    const config = loadConsoleConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      CONSOLE_DATABASE_URL: cluster.url,
      DASHBOARD_DIST: makeDist(),
      CONSOLE_INDEX: 'off',
      CONSOLE_ALERTS: 'off',
      CONSOLE_LIVE: 'off',
    })
    const lines: Record<string, unknown>[] = []
    const logger = createLogger('json', (line) => {
      lines.push(JSON.parse(line))
    })
    // An hour: the counts are written by the stop below, not by a timer racing the requests.
    const running = await startConsole(config, { logger, repeatsEveryMs: 3_600_000 })
    const host = { host: `localhost:${port}` }
    expect((await rawRequest(port, '/api/console/setup', { headers: host })).status).toBe(200)

    cluster.stopServer()
    await sleep(100)
    for (let i = 0; i < REQUESTS; i++)
      expect((await rawRequest(port, '/api/console/setup', { headers: host })).status).toBe(503)
    cluster.startServer()
    await sleep(100)
    await running.close()

    const unreachable = lines.filter((line) => line.msg === 'store unreachable')
    expect(unreachable).toHaveLength(2)
    expect(unreachable[0]).toMatchObject({ level: 'error', instance: running.instanceId })
    expect(unreachable[0]?.repeated).toBeUndefined()
    expect(unreachable[1]).toMatchObject({ level: 'error', repeated: REQUESTS - 1 })
  }, 120_000)
})
