// The audit head noted outside the database by a running console: in its log and in /metrics at start, every few
// minutes (here every 50 ms), and at shutdown, always the trail's newest entry.

import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { createLogger } from '../http/request-log'
import { openStore } from '../store'
import { rawRequest, startTestServer } from '../test-support/running-console'
import { onPostgres, openTestStore, testStoreLocation } from '../test-support/test-store'
import { createAuditLog } from './audit-log'
import { anchorAuditHead } from './head-anchor'

const TOKEN = 'metrics-token-0123456789abcdef'

/** The heads the log lines noted, in order. */
const headsIn = (lines: string[]) =>
  lines
    .map((line) => JSON.parse(line) as { msg: string; head?: string })
    .filter((entry) => entry.msg === 'audit head')
    .map((entry) => entry.head)

describe('the audit head outside the database', () => {
  it('is logged and in /metrics from the start, and logged once more, the newest, at shutdown', async () => {
    const location = await testStoreLocation({ file: true })
    const before = await openStore(location)
    const startHead = await createAuditLog(before).record({
      actor: null,
      action: 'sign-in.failed',
      target: 'early@example.com',
      outcome: 401,
    })
    await before.close()
    const server = await startTestServer({
      CONSOLE_METRICS_TOKEN: TOKEN,
      ...(onPostgres() ? { CONSOLE_DATABASE_URL: location } : { CONSOLE_DB: location }),
    })
    const metrics = await rawRequest(server.port, '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(metrics.status).toBe(200)
    expect(headsIn(server.lines)).toEqual([`${startHead.seq}:${startHead.hash}`])
    expect(metrics.body).toContain(`console_audit_head_seq{hash="${startHead.hash}"} ${startHead.seq}`)
    const audit = createAuditLog(server.store)
    for (let n = 1; n <= 3; n++)
      await audit.record({ actor: null, action: 'sign-in.failed', target: `p${n}@example.com`, outcome: 401 })
    const newest = await server.store.audit.head()
    await server.close()
    expect(headsIn(server.lines).at(-1)).toBe(`${newest?.seq}:${newest?.hash}`)
  }, 60_000)

  it('is noted again every few minutes, the gauge showing the newest head alone', async () => {
    const store = await openTestStore()
    const lines: string[] = []
    const registry = new Registry()
    const anchor = anchorAuditHead({
      store,
      logger: createLogger('json', (line) => lines.push(line) > 0),
      registry,
      everyMs: 50,
    })
    try {
      const audit = createAuditLog(store)
      const first = await audit.record({ actor: null, action: 'sign-in.failed', target: 'a@example.com', outcome: 401 })
      await eventually(() => expect(headsIn(lines)).toContain(`${first.seq}:${first.hash}`))
      const second = await audit.record({
        actor: null,
        action: 'sign-in.failed',
        target: 'b@example.com',
        outcome: 401,
      })
      await eventually(() => expect(headsIn(lines)).toContain(`${second.seq}:${second.hash}`))
      const text = await registry.metrics()
      expect(text).toContain(`console_audit_head_seq{hash="${second.hash}"} ${second.seq}`)
      expect(text).not.toContain(first.hash)
    } finally {
      await anchor.close()
      await store.close()
    }
  })
})
