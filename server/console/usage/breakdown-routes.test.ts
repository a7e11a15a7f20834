// The usage breakdowns against the real simulator: once the index has caught up, the days of the current
// period add up to the service's own actual_minutes_used, every breakdown to the days, the CSV to the JSON;
// support is refused every route, and a bad query is a 400 that names its field.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BREAKDOWN_DIMENSIONS,
  type BreakdownResponse,
  type MetadataKeysResponse,
  USAGE_BREAKDOWN_PATHS,
  type UsageDaysResponse,
} from '../../../src/api/contract/usage-breakdown-schemas'
import { startCallIndexSync } from '../calls/index/call-index-sync'
import { createIndexUpstream } from '../calls/index/index-upstream'
import { type ConsoleStore, openStore } from '../store'
import { createTestConsole, expectProblem, type TestConsole } from '../test-support/console-app'
import { readCsvObjects } from '../test-support/csv-reader'
import { COMPLETES, FAILS_AT_ONCE } from '../test-support/live-testbed'
import { type SimulatorProcess, simulatorGet, startSimulatorProcess } from '../test-support/simulator-process'

let sim: SimulatorProcess
let store: ConsoleStore
let sync: ReturnType<typeof startCallIndexSync>
let t: TestConsole
let manager: string
let period: { from: string; to: string }
let serviceMinutes: number
const ZONE = 'America/New_York'

const path = (route: string, query: Record<string, string>) => `/api/console${route}?${new URLSearchParams(query)}`

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`still not there after ${timeoutMs} ms: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function getJson<T>(route: string, query: Record<string, string>): Promise<T> {
  const res = await t.request(path(route, query), { cookie: manager })
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${await res.text()}`)
  expect(res.headers.get('cache-control')).toBe('no-store')
  return (await res.json()) as T
}

beforeAll(async () => {
  sim = await startSimulatorProcess({ VOICE_SIM_SEED_CALLS: '400' })
  store = await openStore(join(mkdtempSync(join(tmpdir(), 'usage-')), 'console.sqlite'))
  sync = startCallIndexSync({
    store,
    upstream: createIndexUpstream({ upstream: sim.url, apiKey: sim.key }),
    rps: 500,
    syncMs: 100,
  })
  t = await createTestConsole({ store, upstream: sim.url, apiKey: sim.key, callIndex: sync })
  await t.addUser('admin@example.com', 'admin')
  await t.addUser('manager@example.com', 'manager')
  await t.addUser('support@example.com', 'support')
  const admin = await t.signIn('admin@example.com')
  manager = await t.signIn('manager@example.com')
  const { caller_ids } = await simulatorGet<{ caller_ids: { phone_number: string }[] }>(sim, '/caller-ids')
  // Calls of this period, seeded here whatever today's date: the simulator's own seeded calls end an hour ago
  // and carry a team, so early in a month the period may hold none, and none without a team. Three with a
  // team (one placed here, by the admin; the others straight through the API) and one without.
  const teams = ['Sales', 'Support', 'Support', undefined]
  for (const [index, destination] of [COMPLETES, COMPLETES, FAILS_AT_ONCE, COMPLETES].entries()) {
    const body = { caller_id: caller_ids[index % caller_ids.length]?.phone_number, destination }
    const team = teams[index]
    const metadata = team === undefined ? {} : { team }
    if (index === 0) {
      const placed = await t.request('/api/v1/voice/calls', {
        cookie: admin,
        headers: { 'idempotency-key': `usage-${Date.now()}` },
        json: { ...body, metadata },
      })
      expect(placed.status).toBe(201)
    } else {
      await fetch(`${sim.url}/api/v1/voice/calls`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sim.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, metadata }),
      })
    }
  }
  const usage = await simulatorGet<{ period_start: string; period_end: string }>(sim, '/usage')
  // Caught up: the backfill done, every call of the period ended and its details in.
  await until(
    () => getJson<UsageDaysResponse>(USAGE_BREAKDOWN_PATHS.days, { from: usage.period_start, to: usage.period_end }),
    (days) =>
      days.coverage.listingComplete &&
      days.coverage.inFlight === 0 &&
      days.coverage.awaitingDetails === 0 &&
      days.totals.calls >= 4,
  )
  const settled = await simulatorGet<{ actual_minutes_used: number }>(sim, '/usage')
  period = { from: usage.period_start, to: usage.period_end }
  serviceMinutes = settled.actual_minutes_used
}, 90_000)

afterAll(async () => {
  await sync?.close()
  await store?.close()
  await sim?.stop()
})

describe('usage breakdowns', () => {
  it("adds the current period's days up to the service's actual_minutes_used, every day listed", async () => {
    const days = await getJson<UsageDaysResponse>(USAGE_BREAKDOWN_PATHS.days, { ...period, tz: ZONE })
    expect(serviceMinutes).toBeGreaterThan(0)
    expect(days.totals.minutes).toBe(serviceMinutes)
    expect(days.days.reduce((sum, day) => sum + day.minutes, 0)).toBe(serviceMinutes)
    expect(days.days.reduce((sum, day) => sum + day.calls, 0)).toBe(days.totals.calls)
    // A UTC month read in New York: the evening before its first day comes first, partial.
    expect(days.days[0]?.from).toBe(period.from.replace('.000Z', 'Z'))
    expect(days.days.at(-1)?.to).toBe(period.to.replace('.000Z', 'Z'))
    expect(days.timeZone).toBe(ZONE)
    expect(days.coverage).toMatchObject({ inFlight: 0, awaitingDetails: 0, listingComplete: true })
  })

  it('gives every breakdown the same totals as the days, and rows that add up to them', async () => {
    const { totals } = await getJson<UsageDaysResponse>(USAGE_BREAKDOWN_PATHS.days, { ...period, tz: ZONE })
    for (const by of BREAKDOWN_DIMENSIONS) {
      const query = { ...period, tz: ZONE, by, ...(by === 'metadata' ? { key: 'team' } : {}) }
      const breakdown = await getJson<BreakdownResponse>(USAGE_BREAKDOWN_PATHS.breakdown, query)
      expect(breakdown.totals, by).toEqual(totals)
      expect(
        breakdown.rows.reduce((sum, row) => sum + row.minutes, 0),
        by,
      ).toBe(totals.minutes)
      expect(
        breakdown.rows.reduce((sum, row) => sum + row.calls, 0),
        by,
      ).toBe(totals.calls)
      if (by === 'hour') expect(breakdown.rows.map((row) => row.value)).toHaveLength(24)
      if (by === 'weekday') expect(breakdown.rows[0]).toMatchObject({ value: '1', label: 'Monday' })
    }
  })

  it('names people, outcomes and metadata values in words', async () => {
    const read = (by: string, extra: Record<string, string> = {}) =>
      getJson<BreakdownResponse>(USAGE_BREAKDOWN_PATHS.breakdown, { ...period, by, ...extra })
    const people = await read('person')
    expect(people.rows.map((row) => row.label)).toEqual(
      expect.arrayContaining(['admin@example.com', 'Outside this console']),
    )
    expect(people.rows.find((row) => row.label === 'admin@example.com')?.calls).toBe(1)
    const outcomes = await read('outcome')
    expect(outcomes.rows.map((row) => row.label)).toEqual(expect.arrayContaining(['Completed', 'Failed']))
    const teams = await read('metadata', { key: 'team' })
    expect(teams.key).toBe('team')
    expect(teams.rows.find((row) => row.value === 'Sales')).toMatchObject({ label: 'Sales', calls: 1 })
    expect(teams.rows.find((row) => row.value === 'Support')).toMatchObject({ calls: 2, ended: 2, completed: 1 })
    expect(teams.rows.find((row) => row.value === null)?.label).toBe('No team')
    const keys = await getJson<MetadataKeysResponse>(USAGE_BREAKDOWN_PATHS.metadataKeys, period)
    expect(keys.keys).toContain('team')
  })

  it('exports a breakdown as CSV with the same numbers, and audits it', async () => {
    const query = { ...period, tz: ZONE, by: 'caller_id' }
    const json = await getJson<BreakdownResponse>(USAGE_BREAKDOWN_PATHS.breakdown, query)
    const res = await t.request(path(USAGE_BREAKDOWN_PATHS.breakdownExport, query), { cookie: manager })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="usage-by-caller-id_${period.from.slice(0, 10)}_${period.to.slice(0, 10)}.csv"`,
    )
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const csv = readCsvObjects(new TextDecoder().decode(bytes))
    // The caller ID once: its words are its value.
    expect(csv.header.slice(0, 3)).toEqual(['Caller ID', 'Billed minutes', 'Calls'])
    expect(csv.rows.map((row) => [row['Caller ID'], Number(row['Billed minutes']), Number(row.Calls)])).toEqual([
      ...json.rows.map((row) => [row.label, row.minutes, row.calls]),
      ['Total', json.totals.minutes, json.totals.calls],
    ])
    // The totals last, and only there.
    expect(csv.rows.filter((row) => row['Caller ID'] === 'Total')).toHaveLength(1)
    const entries = await t.store.audit.page({ action: 'usage.exported' }, 10)
    expect(entries.map((entry) => entry.actor_email)).toContain('manager@example.com')
  })

  it('exports the statuses in words beside the service’s value, plain UTF-8 with bom=0, and refuses another bom', async () => {
    const query = { ...period, tz: ZONE, by: 'outcome' }
    const json = await getJson<BreakdownResponse>(USAGE_BREAKDOWN_PATHS.breakdown, query)
    const res = await t.request(path(USAGE_BREAKDOWN_PATHS.breakdownExport, { ...query, bom: '0' }), {
      cookie: manager,
    })
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(bytes[0]).toBe('"'.charCodeAt(0))
    const csv = readCsvObjects(new TextDecoder().decode(bytes))
    expect(csv.header.slice(0, 3)).toEqual(['Status', 'Status (service)', 'Billed minutes'])
    expect(csv.rows.map((row) => [row.Status, row['Status (service)']])).toEqual([
      ...json.rows.map((row) => [row.label, row.value]),
      ['Total', ''],
    ])
    expect(csv.rows.map((row) => row['Status (service)'])).toContain('DIALER_COMPLETED')
    expect(csv.rows.find((row) => row['Status (service)'] === 'DIALER_COMPLETED')?.Status).toBe('Completed')
    const refused = await t.request(path(USAGE_BREAKDOWN_PATHS.breakdownExport, { ...query, bom: 'no' }), {
      cookie: manager,
    })
    expect(JSON.stringify((await expectProblem(refused, 400)).errors)).toContain('"bom"')
  })

  it('refuses support on every breakdown route with a problem', async () => {
    const support = await t.signIn('support@example.com')
    for (const route of Object.values(USAGE_BREAKDOWN_PATHS).filter((route) => route.startsWith('/usage'))) {
      const res = await t.request(path(route, { ...period, by: 'person' }), { cookie: support })
      await expectProblem(res, 403)
    }
  })

  it('answers a bad query with a 400 that names the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ to: period.to }, 'from'],
      [{ ...period, tz: 'Mars/Olympus' }, 'tz'],
      [{ ...period, to: period.from }, 'to'],
      [{ from: '2026-01-01T00:00:00Z', to: '2026-04-05T00:00:00Z' }, 'to'],
      [{ ...period, by: 'colour' }, 'by'],
      [{ ...period, by: 'metadata' }, 'key'],
      [{ ...period, from: 'yesterday' }, 'from'],
    ]
    for (const [query, field] of cases) {
      const route = query.by === undefined ? USAGE_BREAKDOWN_PATHS.days : USAGE_BREAKDOWN_PATHS.breakdown
      const problem = (await expectProblem(await t.request(path(route, query), { cookie: manager }), 400)) as {
        errors?: { field: string }[]
      }
      expect(
        problem.errors?.map((error) => error.field),
        JSON.stringify(query),
      ).toContain(field)
    }
  })
})
