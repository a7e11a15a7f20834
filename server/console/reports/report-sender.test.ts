// The usage reports sent for real: a store (SQLite, or PostgreSQL in that project), a real SMTP server on loopback,
// a stand-in voice service answering GET /usage for the fixed clock's billing period, and calls in the index.
// The clock is fixed: nothing depends on today's date.
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { createUsageUpstream } from '../alerts/rules/usage-upstream'
import { createLogger } from '../http/request-log'
import { type ConsoleStore, openStore } from '../store'
import { indexCalls } from '../test-support/indexed-calls'
import { mailPart, type SmtpSink, type SunkMail, startSmtpSink } from '../test-support/smtp-sink'
import { startStandIn } from '../test-support/stand-in-upstream'
import { openTestStore, testStoreLocation } from '../test-support/test-store'
import { createReportSender } from './report-sender'

// Wednesday 4 November 2026, 06:30 UTC (07:30 in Berlin): Tuesday the 3rd is the last whole day there.
const NOW = Date.parse('2026-11-04T06:30:00Z')

const cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close()
})

async function voiceService() {
  const standIn = await startStandIn(
    new Hono().get('*', (c) =>
      c.req.path.endsWith('/usage')
        ? c.json({
            period_start: '2026-11-01T00:00:00Z',
            period_end: '2026-12-01T00:00:00Z',
            committed_minutes: 10_000,
            actual_minutes_used: 1_234,
          })
        : c.notFound(),
    ),
  )
  cleanup.push(() => standIn.close())
  return standIn
}

async function sink(): Promise<SmtpSink> {
  const started = await startSmtpSink()
  cleanup.push(started.close)
  return started
}

async function senderOn(
  store: ConsoleStore,
  options: { smtpUrl: string; upstream: string; now?: () => number; schedule?: number[] },
) {
  const upstream = createUsageUpstream({ upstream: options.upstream, apiKey: 'sim_test_key' })
  const sender = createReportSender({
    store,
    indexState: async () => ({ listingComplete: true, syncedTo: null }),
    readUsage: () => upstream.usage(),
    consoleUrl: 'https://console.example.com',
    smtp: { smtpUrl: options.smtpUrl, from: 'Voice Dashboard <reports@example.com>' },
    logger: createLogger('json', () => true),
    now: options.now ?? (() => NOW),
    tickMs: 20,
    pollMs: 20,
    schedule: options.schedule,
  })
  cleanup.push(async () => {
    await sender.close()
    upstream.close()
  })
  return sender
}

async function person(store: ConsoleStore, email: string) {
  return store.users.add({ email, role: 'manager', passwordHash: 'x', now: NOW - 10 * 86_400_000 })
}

async function subscribe(store: ConsoleStore, userId: string, frequency: 'daily' | 'weekly' | 'monthly', zone: string) {
  return store.reportSubscriptions.add({
    id: `rps_${userId}_${frequency}`,
    userId,
    frequency,
    timeZone: zone,
    createdAt: NOW - 5 * 86_400_000,
    createdBy: userId,
  })
}

/** The decoded body of the attachment named `filename` (base64 or quoted-printable, as nodemailer chose). */
function attachment(mail: SunkMail, filename: string): string {
  const named = mail.raw.indexOf(`filename=${filename}`)
  if (named < 0) throw new Error(`no attachment ${filename}`)
  const start = mail.raw.lastIndexOf('\r\n--', named)
  const rest = mail.raw.slice(start + 2)
  const headers = rest.slice(0, rest.indexOf('\r\n\r\n'))
  const body = rest.slice(headers.length + 4, rest.indexOf('\r\n--'))
  if (/Content-Transfer-Encoding: base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  const bytes = body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

describe('usage reports by email', () => {
  it('send the last whole day in the subscriber’s zone: figures, commitment, pace, HTML escaped, CSV attached', async () => {
    const [smtp, service, store] = [await sink(), await voiceService(), await openTestStore()]
    cleanup.push(() => store.close())
    const manager = await person(store, 'manager@example.com')
    await subscribe(store, manager.id, 'daily', 'Europe/Berlin')
    await indexCalls(store, [
      // Tuesday 3 November in Berlin: from 2 November 23:00 UTC to 3 November 23:00 UTC.
      { call_id: 'call_a', created_at: '2026-11-02T23:10:00Z', duration_seconds: 120, owner: manager.id },
      { call_id: 'call_b', created_at: '2026-11-03T12:00:00Z', duration_seconds: 300, owner: manager.id },
      {
        call_id: 'call_c',
        created_at: '2026-11-03T22:59:00Z',
        duration_seconds: 60,
        status: 'DIALER_FAILED',
        caller_id: '+1555\u202E<b>evil</b>',
      },
      // Before and after the day: not in the report.
      { call_id: 'call_before', created_at: '2026-11-02T22:59:00Z', duration_seconds: 600 },
      { call_id: 'call_after', created_at: '2026-11-03T23:00:00Z', duration_seconds: 600 },
    ])
    const sender = await senderOn(store, { smtpUrl: smtp.url, upstream: service.url })

    expect(await sender.queueDue()).toBe(1)
    await sender.runDue()
    await eventually(() => expect(smtp.messages).toHaveLength(1))
    const [mail] = smtp.messages
    if (!mail) throw new Error('no mail')
    expect(mail.to).toEqual(['manager@example.com'])
    expect(mail.raw.replace(/\r\n\s+/g, ' ')).toMatch(
      /^Subject: Voice Dashboard: Daily usage report: Tuesday, 3 November 2026 \(Europe\/Berlin\)/m,
    )

    const text = mailPart(mail.raw, 'text/plain')
    expect(text).toContain('Billed minutes: 8')
    expect(text).toContain('Calls: 3')
    expect(text).toContain('Billing period: 1 November 2026 at 01:00 – 1 December 2026 at 01:00')
    expect(text).toContain('Used so far: 1,234 of 10,000 committed minutes (12.3%)')
    expect(text).toMatch(/Pace: .* minutes a day \(the last 3 days\)/)
    expect(text).toMatch(/Projection: about [\d,]+ minutes by the period’s end/)
    expect(text).toContain('manager@example.com: 7 min, 2 calls')
    expect(text).toContain('Completed: 7 min, 2 calls')
    expect(text).toContain('Failed: 1 min, 1 call')
    expect(text).toContain('None: every caller ID is answered as usual.')
    expect(text).toContain('Open the usage page: https://console.example.com/usage')
    // The hidden override shown as a token, so the name cannot reorder what follows it.
    expect(text).toContain('+1555⟨U+202E⟩<b>evil</b>: 1 min, 1 call')

    const html = mailPart(mail.raw, 'text/html')
    expect(html).toContain('+1555⟨U+202E⟩&#60;b&#62;evil&#60;/b&#62;')
    expect(html).not.toContain('<b>evil')
    expect(html).not.toContain('\u202E')
    expect(html).toContain('<a href="https://console.example.com/usage">')

    const csv = attachment(mail, 'usage-report_daily_2026-11-03.csv')
    // Every cell quoted, as every CSV of the console (http/csv.ts); a caller ID that starts with + defused.
    const record = (...cells: string[]) => `${cells.map((cell) => `"${cell}"`).join(',')}\r\n`
    expect(
      csv.startsWith(
        `\uFEFF${record('Breakdown', 'Name', 'Billed minutes', 'Calls', 'Completed calls', 'Answer rate (%)')}`,
      ),
    ).toBe(true)
    expect(csv).toContain(record('Person', 'manager@example.com', '7', '2', '2', '100.0'))
    expect(csv).toContain(record('Outcome', 'Failed', '1', '1', '0', '0.0'))
    expect(csv).toContain(record('Caller ID', "'+1555⟨U+202E⟩<b>evil</b>", '1', '1', '0', '0.0'))
    expect(csv.endsWith(record('Total', 'Every call of the period', '8', '3', '', ''))).toBe(true)

    const latest = await store.reportSubscriptions.latestReports([`rps_${manager.id}_daily`])
    expect(latest.get(`rps_${manager.id}_daily`)).toMatchObject({
      periodStart: Date.parse('2026-11-02T23:00:00Z'),
      periodEnd: Date.parse('2026-11-03T23:00:00Z'),
      status: 'delivered',
      attempts: 1,
      responseExcerpt: expect.stringMatching(/^250/),
    })
    // The same period again makes nothing.
    expect(await sender.queueDue()).toBe(0)
  })

  it('sends daily, weekly and monthly reports at their own boundaries; a deactivated person gets nothing', async () => {
    const [smtp, service, store] = [await sink(), await voiceService(), await openTestStore()]
    cleanup.push(() => store.close())
    const newYork = await person(store, 'ny@example.com')
    const gone = await person(store, 'gone@example.com')
    for (const frequency of ['daily', 'weekly', 'monthly'] as const)
      await subscribe(store, newYork.id, frequency, 'America/New_York')
    await subscribe(store, gone.id, 'daily', 'UTC')
    await store.users.setActive(gone.id, false)
    let now = Date.parse('2026-11-30T04:59:00Z')
    const sender = await senderOn(store, { smtpUrl: smtp.url, upstream: service.url, now: () => now })
    const periods = async () =>
      (await store.reportDeliveries.page({ after: null, limit: 50 }))
        .map((row) => `${row.subscriptionId.split('_').at(-1)} ${new Date(row.periodStart).toISOString()}`)
        .sort()

    // Sunday 29 November, 23:59 in New York: the last whole day is Saturday, week and month are the ones before.
    await sender.queueDue()
    expect(await periods()).toEqual([
      'daily 2026-11-28T05:00:00.000Z',
      'monthly 2026-10-01T04:00:00.000Z',
      'weekly 2026-11-16T05:00:00.000Z',
    ])
    // Monday 30 November, 00:00 in New York: a new day and a new week.
    now = Date.parse('2026-11-30T05:00:00Z')
    await sender.queueDue()
    const monday = await periods()
    expect(monday.filter((line) => !line.startsWith('monthly'))).toEqual([
      'daily 2026-11-28T05:00:00.000Z',
      'daily 2026-11-29T05:00:00.000Z',
      'weekly 2026-11-16T05:00:00.000Z',
      'weekly 2026-11-23T05:00:00.000Z',
    ])
    // Tuesday 1 December, 00:00 in New York: the month of November.
    now = Date.parse('2026-12-01T05:00:00Z')
    await sender.queueDue()
    expect((await periods()).filter((line) => line.startsWith('monthly'))).toEqual([
      'monthly 2026-10-01T04:00:00.000Z',
      'monthly 2026-11-01T04:00:00.000Z',
    ])
    await sender.runDue()
    await eventually(() => expect(smtp.messages).toHaveLength(7))
    expect(smtp.messages.every((mail) => mail.to[0] === 'ny@example.com')).toBe(true)
  })

  it('sends nothing to a person deactivated after their report was queued, and says why', async () => {
    const [smtp, service, store] = [await sink(), await voiceService(), await openTestStore()]
    cleanup.push(() => store.close())
    const leaving = await person(store, 'leaving@example.com')
    await subscribe(store, leaving.id, 'daily', 'UTC')
    const sender = await senderOn(store, { smtpUrl: smtp.url, upstream: service.url })
    expect(await sender.queueDue()).toBe(1)
    await store.users.setActive(leaving.id, false)
    await sender.runDue()
    const [row] = await store.reportDeliveries.page({ after: null, limit: 1 })
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      responseExcerpt: 'Not sent: the person is deactivated.',
    })
    expect(smtp.messages).toEqual([])
  })

  it('arrives once per subscription and period when two console instances share one database', async () => {
    const [smtp, service] = [await sink(), await voiceService()]
    // One SQLite file, or one PostgreSQL database: the claims are the store's either way.
    const location = await testStoreLocation({ file: true })
    const first = await openStore(location, undefined, { connections: 4 })
    const second = await openStore(location, undefined, { connections: 4 })
    cleanup.push(
      () => first.close(),
      () => second.close(),
    )
    const people = await Promise.all(
      ['a@example.com', 'b@example.com', 'c@example.com'].map((email) => person(first, email)),
    )
    for (const one of people) await subscribe(first, one.id, 'daily', 'UTC')
    await subscribe(first, people[0]?.id ?? '', 'monthly', 'Asia/Kolkata')
    let now = NOW
    const clock = () => now
    const senders = [
      await senderOn(first, { smtpUrl: smtp.url, upstream: service.url, now: clock }),
      await senderOn(second, { smtpUrl: smtp.url, upstream: service.url, now: clock }),
    ]
    // Both tick every 20 ms and run a worker, as two consoles do.
    for (const sender of senders) sender.start()
    await eventually(() => expect(smtp.messages).toHaveLength(4))
    // The clock jumps a day, past every claim's lease: a send still being recorded would count as abandoned and be
    // sent again by the other instance (a lease that ran out, as designed). So the jump waits for the four outcomes.
    await eventually(async () => {
      const rows = await first.reportDeliveries.page({ after: null, limit: 50 })
      expect(rows.map((row) => row.status)).toEqual(Array(4).fill('delivered'))
    })
    // A later day: one more each for the daily subscriptions, and still one monthly.
    now += 86_400_000
    await eventually(() => expect(smtp.messages).toHaveLength(7))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.messages).toHaveLength(7)
    const subjects = smtp.messages.map((mail) => `${mail.to[0]} ${/Subject: (.*)/.exec(mail.raw)?.[1]}`)
    expect(new Set(subjects).size).toBe(7)
    const rows = await first.reportDeliveries.page({ after: null, limit: 50 })
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array(7).fill(['delivered', 1]))
  })

  it('tries a failed send again on the schedule, and says why in the delivery’s row', async () => {
    const [smtp, service, store] = [await sink(), await voiceService(), await openTestStore()]
    cleanup.push(() => store.close())
    await smtp.close()
    const manager = await person(store, 'manager@example.com')
    await subscribe(store, manager.id, 'weekly', 'UTC')
    // A clock from the fixed instant that moves on, so that the retry comes due.
    const started = Date.now()
    const now = () => NOW + (Date.now() - started)
    const sender = await senderOn(store, { smtpUrl: smtp.url, upstream: service.url, schedule: [0, 50], now })
    sender.start()
    await eventually(async () => {
      const [row] = await store.reportDeliveries.page({ after: null, limit: 1 })
      expect(row).toMatchObject({ status: 'failed', attempts: 2, nextAttemptAt: null })
      expect(row?.responseExcerpt).toMatch(/refused/i)
    })
    const latest = await store.reportSubscriptions.latestReports([`rps_${manager.id}_weekly`])
    expect(latest.get(`rps_${manager.id}_weekly`)).toMatchObject({ status: 'failed', attempts: 2 })
  })
})
