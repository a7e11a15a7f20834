// Arbitrary text, control characters and lone surrogates included, in every filter of search, export and
// the audit, and in saved views: the console answers below 500, and problem+json whenever it refuses.
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestConsole, type TestConsole } from '../../test-support/console-app'
import { indexCalls } from '../../test-support/indexed-calls'

let t: TestConsole
let admin = ''

beforeAll(async () => {
  t = await createTestConsole({ apiKey: null })
  await t.addUser('admin@example.com', 'admin')
  admin = await t.signIn('admin@example.com')
  await indexCalls(t.store, [
    { call_id: 'call_fuzz_1', created_at: '2026-11-20T10:00:00Z', metadata: { ticket: 'T-1', note: 'a "b" c' } },
    { call_id: 'call_fuzz_2', created_at: '2026-11-21T10:00:00Z', metadata: null },
  ])
})
afterAll(() => t.store.close())

/** Any UTF-16 code units: controls (C0, C1), lone surrogates, quotes, FTS5's own syntax. */
const units = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 24 })
  .map((codes) => String.fromCharCode(...codes))
/** Words of letters with the troublesome characters among them, which random code units seldom make. */
const TRICKY = [
  'a',
  'b',
  '1',
  ' ',
  '"',
  ':',
  '*',
  '\0',
  '\t',
  '\n',
  '\u001b',
  '\u007f',
  '\u0085',
  '\ud800',
  '\udc00',
  '📞',
]
const tricky = fc.array(fc.constantFrom(...TRICKY), { minLength: 1, maxLength: 12 }).map((chars) => chars.join(''))
const text = fc.oneof(
  { arbitrary: tricky, weight: 3 },
  units,
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.constantFrom('', 'T-1', 'a"b', 'NEAR(a b)'),
)

/** A value as a URL carries it: percent-encoded UTF-8, a lone surrogate as the (invalid) bytes a careless client sends. */
function encoded(value: string): string {
  let out = ''
  for (let at = 0; at < value.length; at++) {
    const code = value.charCodeAt(at)
    const pair = code >= 0xd800 && code <= 0xdbff && (value.charCodeAt(at + 1) & 0xfc00) === 0xdc00
    if (pair) {
      out += encodeURIComponent(value.slice(at, at + 2))
      at++
    } else if (code >= 0xd800 && code <= 0xdfff)
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`
    else out += encodeURIComponent(value[at] ?? '')
  }
  return out
}

const SEARCH_FIELDS = [
  'q',
  'status',
  'from_date',
  'to_date',
  'placed_by',
  'caller_id',
  'has_recording',
  'voicemail_drop',
  'min_duration',
  'max_duration',
]
const ENDPOINTS = [
  { path: '/api/console/calls/search', fields: [...SEARCH_FIELDS, 'limit', 'cursor'] },
  { path: '/api/console/calls/export.csv', fields: [...SEARCH_FIELDS, 'tz'] },
  { path: '/api/console/audit', fields: ['user', 'action', 'from', 'to', 'cursor', 'limit'] },
  { path: '/api/console/audit/export.csv', fields: ['user', 'action', 'from', 'to'] },
]

async function expectAnswered(res: Response, asked: string) {
  const body = await res.text()
  expect(res.status, `${asked} -> ${body}`).toBeLessThan(500)
  if (res.status >= 400) expect(res.headers.get('content-type'), asked).toBe('application/problem+json')
}

it('answers every query of search, export and the audit below 500, with problem+json when it refuses', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...ENDPOINTS),
      fc.array(fc.tuple(fc.nat(), text), { minLength: 1, maxLength: 3 }),
      async (endpoint, values) => {
        const query = values
          .map(([pick, value]) => `${endpoint.fields[pick % endpoint.fields.length]}=${encoded(value)}`)
          .join('&')
        const asked = `${endpoint.path}?${query}`
        // Read to the end: an export left open would count against the person's exports at once.
        await expectAnswered(await t.request(asked, { cookie: admin }), asked)
      },
    ),
    { numRuns: 300 },
  )
}, 120_000)

it('answers every saved view, made or changed, below 500, with problem+json when it refuses', async () => {
  const made = await t.request('/api/console/views', {
    json: { name: 'mine', search: '', shared: false, pinned: false },
    cookie: admin,
  })
  const { id } = (await made.json()) as { id: string }
  await fc.assert(
    fc.asyncProperty(
      text,
      text,
      fc.boolean(),
      fc.oneof(fc.constant(id), text),
      async (name, search, change, viewId) => {
        const view = { name, search, shared: false, pinned: false }
        const res = change
          ? await t.request(`/api/console/views/${encoded(viewId)}`, { method: 'PUT', json: view, cookie: admin })
          : await t.request('/api/console/views', { json: view, cookie: admin })
        await expectAnswered(res, JSON.stringify(view))
        // Within the 100 views a person may keep.
        if (res.status === 201) {
          const { id: madeId } = (await res.json().catch(() => ({}))) as { id?: string }
          if (madeId) await t.request(`/api/console/views/${madeId}`, { method: 'DELETE', cookie: admin })
        }
      },
    ),
    { numRuns: 200 },
  )
}, 120_000)
