// A usage report across two console processes on one PostgreSQL behind nginx, with one SMTP sink: both tick every
// second and run a delivery worker, and the report arrives exactly once. The subscription is made through the API,
// then dated back three days in the store, so that yesterday (whichever day the test runs) is its period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reportSubscriptionList } from '../../../src/api/contract/report-subscription-schemas'
import { eventually } from '../../shared/test-support/eventually'
import { openStore } from '../store'
import { clusterPerson } from '../test-support/cluster-person'
import { type ConsoleCluster, clusterSkipReason, startConsoleCluster } from '../test-support/console-cluster'
import { mailPart, type SmtpSink, startSmtpSink } from '../test-support/smtp-sink'

const skip = clusterSkipReason()
const MANAGER = 'manager@cluster.test'

let cluster: ConsoleCluster
let sink: SmtpSink

describe.skipIf(skip)('usage reports with two console instances', () => {
  beforeAll(async () => {
    sink = await startSmtpSink()
    cluster = await startConsoleCluster({
      people: [{ email: MANAGER, role: 'manager' }],
      env: {
        CONSOLE_SMTP_URL: sink.url,
        CONSOLE_ALERT_EMAIL_FROM: 'Voice Dashboard <reports@cluster.test>',
        CONSOLE_REPORTS_TICK_MS: '1000',
        CONSOLE_ALERTS: 'off',
        CONSOLE_INDEX: 'off',
      },
    })
  }, 180_000)
  afterAll(async () => {
    await cluster?.stop()
    await sink?.close()
  }, 60_000)

  it('sends one report per subscription and period, whichever instance ticks first', async () => {
    const manager = clusterPerson(cluster.url, MANAGER)
    expect((await manager.signIn()).status).toBe(200)
    const subscribed = await manager.request('/api/console/report-subscriptions', {
      json: { frequency: 'daily', timeZone: 'UTC' },
    })
    expect(subscribed.status).toBe(201)
    const store = await openStore(cluster.databaseUrl, undefined, { connections: 2 })
    try {
      await store.db
        .updateTable('report_subscriptions')
        .set({ created_at: Date.now() - 3 * 86_400_000 })
        .execute()
    } finally {
      await store.close()
    }

    await eventually(() => expect(sink.messages).toHaveLength(1), 30_000)
    // Several ticks of both instances later, still one.
    await new Promise((resolve) => setTimeout(resolve, 4_000))
    expect(sink.messages).toHaveLength(1)
    const [mail] = sink.messages
    expect(mail?.to).toEqual([MANAGER])
    expect(mailPart(mail?.raw ?? '', 'text/plain')).toContain(`Open the usage page: ${cluster.url}/usage`)

    const list = reportSubscriptionList.parse((await manager.request('/api/console/report-subscriptions')).json())
    expect(list.subscriptions[0]?.lastReport).toMatchObject({ status: 'delivered', attempts: 1 })
  })
})
