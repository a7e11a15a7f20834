// The CSV export of the call index as a spreadsheet will read it: its columns, its times in the viewer's
// zone, formulas neutralised, quotes and line breaks per RFC 4180; the calls it selects against every page
// of the search; its refusals; and its audit entry, cancelled or complete. No upstream: the index is
// filled through the store's own writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../../../src/api/contract/audit-schemas'
import type { CallSearchResponse } from '../../../../src/api/contract/call-index-schemas'
import { ROLES, type Role } from '../../../../src/api/contract/console-schemas'
import { auditEntryOf } from '../../audit/entry-json'
import { createTestConsole, expectProblem, type TestConsole } from '../../test-support/console-app'
import { readCsv, readCsvObjects } from '../../test-support/csv-reader'
import { indexCalls, indexListedCalls } from '../../test-support/indexed-calls'

const FIXED_COLUMNS = [
  'Call ID',
  'Status',
  'Status (service)',
  'Caller ID',
  'Destination',
  'Duration (seconds)',
  'Billed minutes',
  'Recorded',
  'Voicemail drop',
  'Source',
  'Placed at (UTC)',
  'Last updated (UTC)',
  'Placed by',
  'Outcome',
  'Note',
]

let t: TestConsole
const cookies = {} as Record<Role, string>
let placerId = ''

beforeAll(async () => {
  t = await createTestConsole({ apiKey: null })
  for (const role of ROLES) {
    const user = await t.addUser(`${role}@example.com`, role)
    if (role === 'support') placerId = user.id
    cookies[role] = await t.signIn(`${role}@example.com`)
  }
  await indexCalls(t.store, [
    {
      call_id: 'call_summer',
      created_at: '2026-07-01T12:00:00Z',
      status: 'DIALER_FAILED',
      duration_seconds: 0,
      metadata: { campaign: '@SUM(A1)', agent: '-2+3' },
    },
    {
      call_id: 'call_placed',
      created_at: '2026-11-20T10:00:00Z',
      metadata: { ticket: 'T-1', orderId: 'A-1' },
      owner: placerId,
    },
    {
      call_id: 'call_hostile',
      created_at: '2026-11-20T11:00:00Z',
      recording: true,
      duration_seconds: 125,
      metadata: { ticket: '=HYPERLINK("http://evil","x")', note: 'a "quoted"\r\nsecond line', priority: 2, vip: true },
    },
    { call_id: 'call_other_number', created_at: '2026-11-20T12:00:00Z', caller_id: '+12125550142', metadata: {} },
    {
      call_id: 'call_ringing',
      created_at: '2026-11-21T09:00:00Z',
      status: 'DIALER_RINGING',
      duration_seconds: null,
      metadata: null,
    },
  ])
})
afterAll(() => t.store.close())

const exportCsv = (query = '', role: Role | null = 'support', console = t) =>
  console.request(`/api/console/calls/export.csv${query}`, role ? { cookie: cookies[role] } : {})

const auditOf = async (action: AuditEntry['action'], console = t) =>
  (
    await console.store.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('seq').execute()
  ).map(auditEntryOf)

describe('GET /api/console/calls/export.csv', () => {
  it('sends every selected call, newest first: the detail’s fields, who placed it, a column per metadata key', async () => {
    const res = await exportCsv()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="calls_\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-total-count')).toBe('5')
    const { header, rows } = readCsvObjects(await res.text())
    const keys = ['agent', 'campaign', 'note', 'orderId', 'priority', 'ticket', 'vip']
    expect(header).toEqual([...FIXED_COLUMNS, ...keys.map((key) => `Metadata: ${key}`)])
    expect(rows.map((row) => row['Call ID'])).toEqual([
      'call_ringing',
      'call_other_number',
      'call_hostile',
      'call_placed',
      'call_summer',
    ])
    const [ringing, other, hostile, placed] = rows
    expect(placed).toMatchObject({
      Status: 'Completed',
      'Status (service)': 'DIALER_COMPLETED',
      'Caller ID': '+14155550100',
      Destination: '+442071838750',
      'Duration (seconds)': '42',
      'Billed minutes': '1',
      Recorded: 'No',
      'Voicemail drop': 'No',
      Source: 'API',
      'Placed at (UTC)': '2026-11-20T10:00:00Z',
      'Last updated (UTC)': '2026-11-20T10:01:00Z',
      'Placed by': 'support@example.com',
      'Metadata: orderId': 'A-1',
      'Metadata: ticket': 'T-1',
      'Metadata: note': '',
    })
    expect(hostile).toMatchObject({ Recorded: 'Yes', 'Metadata: priority': '2', 'Metadata: vip': 'true' })
    expect(other).toMatchObject({ 'Caller ID': '+12125550142', 'Placed by': 'API', 'Metadata: ticket': '' })
    // Listed, details not in yet: what the index does not know is empty; the status is in words all the same.
    expect(ringing).toMatchObject({
      Status: 'Ringing or connected',
      'Status (service)': 'DIALER_RINGING',
      'Duration (seconds)': '',
      'Billed minutes': '',
      Recorded: '',
      'Last updated (UTC)': '',
      Source: '',
      'Metadata: ticket': '',
    })
  })

  it('starts with UTF-8’s byte order mark for spreadsheets, and leaves it out when asked with bom=0', async () => {
    const bytes = new Uint8Array(await (await exportCsv()).arrayBuffer())
    expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, '"'.charCodeAt(0)])
    const plain = new Uint8Array(await (await exportCsv('?bom=0')).arrayBuffer())
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(plain.slice(0, 9))).toBe('"Call ID"')
    expect(new Uint8Array(await (await exportCsv('?bom=1')).arrayBuffer()).slice(0, 3)).toEqual(bytes.slice(0, 3))
    const refused = await expectProblem(await exportCsv('?bom=yes'), 400)
    expect(refused.errors).toEqual([{ field: 'bom', message: expect.stringMatching(/bom=0 for plain UTF-8/) }])
  })

  it('adds each time in the viewer’s zone, named after it, with the offset of that day', async () => {
    const res = await exportCsv(`?tz=${encodeURIComponent('America/New_York')}&status=DIALER_FAILED`)
    const { header, rows } = readCsvObjects(await res.text())
    expect(header.slice(10, 14)).toEqual([
      'Placed at (UTC)',
      'Placed at (America/New_York)',
      'Last updated (UTC)',
      'Last updated (America/New_York)',
    ])
    expect(rows[0]).toMatchObject({
      'Placed at (America/New_York)': '2026-07-01T08:00:00-04:00',
      'Last updated (America/New_York)': '2026-07-01T08:01:00-04:00',
    })
    const kathmandu = readCsvObjects(await (await exportCsv('?tz=Asia/Kathmandu&q=T-1')).text())
    expect(kathmandu.rows.map((row) => row['Placed at (Asia/Kathmandu)'])).toEqual(['2026-11-20T15:45:00+05:45'])
    const ringing = readCsvObjects(await (await exportCsv('?tz=Europe/Berlin&status=DIALER_RINGING')).text())
    expect(ringing.rows[0]).toMatchObject({
      'Placed at (Europe/Berlin)': '2026-11-21T10:00:00+01:00',
      'Last updated (Europe/Berlin)': '',
    })
  })

  it('writes what a spreadsheet would run as text, and quotes and line breaks as RFC 4180 does', async () => {
    const text = await (await exportCsv()).text()
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`)
    expect(text).toContain('"a ""quoted""\r\nsecond line"')
    const { rows } = readCsvObjects(text)
    const hostile = rows.find((row) => row['Call ID'] === 'call_hostile')
    expect(hostile).toMatchObject({
      'Metadata: ticket': `'=HYPERLINK("http://evil","x")`,
      'Metadata: note': 'a "quoted"\r\nsecond line',
    })
    const summer = rows.find((row) => row['Call ID'] === 'call_summer')
    expect(summer).toMatchObject({ 'Metadata: campaign': "'@SUM(A1)", 'Metadata: agent': "'-2+3" })
    // A phone number in international format is a number, never a formula: it stays as it is.
    expect(summer?.['Caller ID']).toBe('+14155550100')
  })

  it('gives the metadata one JSON column when the selected calls have more than 50 keys between them', async () => {
    const wide = await createTestConsole({ apiKey: null })
    try {
      await wide.addUser('support@example.com', 'support')
      const cookie = await wide.signIn('support@example.com')
      const keys = (from: number) => Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${from + i}`, i]))
      await indexCalls(wide.store, [
        { call_id: 'call_1', created_at: '2026-11-20T10:00:00Z', metadata: keys(0) },
        { call_id: 'call_2', created_at: '2026-11-20T11:00:00Z', metadata: keys(30) },
      ])
      const both = readCsv(await (await wide.request('/api/console/calls/export.csv', { cookie })).text())
      expect(both[0]).toEqual([...FIXED_COLUMNS, 'Metadata (JSON)'])
      expect(JSON.parse(both[2]?.at(-1) ?? '')).toEqual(keys(0))
      // One of them: 30 keys, a column each.
      const one = readCsv(
        await (await wide.request('/api/console/calls/export.csv?to_date=2026-11-20T10:30:00Z', { cookie })).text(),
      )
      expect(one[0]).toHaveLength(FIXED_COLUMNS.length + 30)
    } finally {
      await wide.store.close()
    }
  })

  it('selects exactly the calls every page of the search selects, and counts them in X-Total-Count', async () => {
    const queries = [
      '',
      'status=DIALER_COMPLETED',
      'q=T-1',
      'q=ticket:evil',
      'q=5550142',
      'placed_by=api',
      `placed_by=${placerId}`,
      'has_recording=true',
      'min_duration=1&max_duration=100',
      'caller_id=%2B12125550142',
      'from_date=2026-11-20T10:30:00Z&to_date=2026-11-21T00:00:00Z',
    ]
    for (const query of queries) {
      const searched: string[] = []
      let cursor: string | null = null
      do {
        const params = new URLSearchParams(query)
        params.set('limit', '25')
        if (cursor) params.set('cursor', cursor)
        const page = (await (
          await t.request(`/api/console/calls/search?${params}`, { cookie: cookies.manager })
        ).json()) as CallSearchResponse
        searched.push(...page.calls.map((call) => call.call_id))
        cursor = page.nextCursor
      } while (cursor)
      const res = await exportCsv(`?${query}`, 'manager')
      const exported = readCsvObjects(await res.text()).rows.map((row) => row['Call ID'])
      expect(exported, query).toEqual(searched)
      expect(res.headers.get('x-total-count'), query).toBe(String(searched.length))
    }
  })

  it('refuses a time zone Intl does not know, or a bad filter, with a 400 naming it; ignores a page size or cursor', async () => {
    const zone = (await expectProblem(await exportCsv('?tz=Mars/Olympus'), 400)) as unknown as {
      detail: string
      errors: { field: string }[]
    }
    expect(zone.detail).toMatch(/“Mars\/Olympus” is not a time zone.*Europe\/Berlin/)
    expect(zone.errors.map((error) => error.field)).toEqual(['tz'])
    const filter = (await expectProblem(await exportCsv('?status=RINGING&min_duration=-1'), 400)) as unknown as {
      errors: { field: string }[]
    }
    expect(filter.errors.map((error) => error.field)).toEqual(['status', 'min_duration'])
    const paged = await exportCsv('?limit=30&cursor=not-a-cursor')
    expect(paged.status).toBe(200)
    expect(paged.headers.get('x-total-count')).toBe('5')
  })

  it('asks for a session (401) and calls:read, which every role has; refuses a link from another site (403, audited)', async () => {
    await expectProblem(await exportCsv('', null), 401)
    for (const role of ROLES) expect((await exportCsv('?status=DIALER_RINGING', role)).status).toBe(200)
    const before = (await auditOf('calls.exported')).length
    const res = await t.request('/api/console/calls/export.csv', {
      cookie: cookies.support,
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect((await expectProblem(res, 403)).detail).toMatch(/Calls page/)
    expect(await auditOf('calls.exported')).toHaveLength(before)
    expect((await auditOf('request.cross-site-refused')).at(-1)).toMatchObject({
      actor: { email: 'support@example.com' },
      target: 'GET /api/console/calls/export.csv',
    })
  })

  it('audits each export when it ends: who, the filters as asked, the time zone, the rows sent', async () => {
    const res = await exportCsv('?status=DIALER_COMPLETED&has_recording=false&tz=Europe/Berlin', 'manager')
    await res.text()
    expect((await auditOf('calls.exported')).at(-1)).toMatchObject({
      actor: { email: 'manager@example.com', role: 'manager' },
      outcome: 200,
      target: null,
      detail: {
        filters: { status: 'DIALER_COMPLETED', has_recording: false },
        timeZone: 'Europe/Berlin',
        total: 2,
        rows: 2,
        ended: 'complete',
      },
    })
  })

  it('stops reading the index when the download is cancelled, and audits it as aborted after the rows sent', async () => {
    const many = await createTestConsole({ apiKey: null })
    try {
      await many.addUser('support@example.com', 'support')
      const cookie = await many.signIn('support@example.com')
      await indexListedCalls(many.store, 3_500)
      const res = await many.request('/api/console/calls/export.csv', { cookie })
      expect(res.headers.get('x-total-count')).toBe('3500')
      const reader = res.body?.getReader()
      await reader?.read()
      await reader?.read()
      await reader?.cancel()
      const [entry] = await auditOf('calls.exported', many)
      expect(entry?.detail).toMatchObject({
        total: 3_500,
        ended: expect.stringMatching(/^aborted after [\d,]+ rows$/),
      })
      // The header and a page read, one more page queued at most: the rest was never read.
      expect(entry?.detail?.rows).toBeLessThanOrEqual(2_000)
    } finally {
      await many.store.close()
    }
  })
})

describe('an export’s selection', () => {
  it('is what matched when it began: a call that comes to match while it streams is not sent, and the count is the rows', async () => {
    const own = await createTestConsole({ apiKey: null })
    await own.addUser('manager@example.com', 'manager')
    const cookie = await own.signIn('manager@example.com')
    await indexCalls(own.store, [
      { call_id: 'call_ana', created_at: '2026-11-20T10:00:00Z', metadata: { agent: 'Ana' } },
      { call_id: 'call_listed', created_at: '2026-11-19T10:00:00Z', metadata: null },
    ])
    const query = `/api/console/calls/export.csv?q=${encodeURIComponent('agent:ana')}`
    const res = await own.request(query, { cookie })
    expect(res.headers.get('x-total-count')).toBe('1')
    // Before any page is read, the listed call's details arrive, and they match.
    await indexCalls(own.store, [
      { call_id: 'call_listed', created_at: '2026-11-19T10:00:00Z', metadata: { agent: 'Ana' } },
    ])
    expect(readCsvObjects(await res.text()).rows.map((row) => row['Call ID'])).toEqual(['call_ana'])
    // An export begun now holds it.
    const again = await own.request(query, { cookie })
    expect(again.headers.get('x-total-count')).toBe('2')
    expect(readCsvObjects(await again.text()).rows.map((row) => row['Call ID'])).toEqual(['call_ana', 'call_listed'])
    await own.store.close()
  })
})
