// fast-check generators of hostile input for the fuzz tests: bodies, query
// strings, header values and path segments, biased towards almost-valid values.
import fc from 'fast-check'
import { CALL_STATUSES } from '../contract/schemas'

const phoneLike = fc.oneof(
  fc.constantFrom('+15005550006', '+15005550002', '+14155550100', '+1', '+', '', '+0000000', '+999999999999999999'),
  fc.stringMatching(/^\+?[0-9 ()-]{0,20}$/),
  fc.string(),
)

/** Any JSON value, including deep and odd ones. */
const jsonValue = fc.jsonValue({ maxDepth: 4 })

/** A value wrapped in up to 200 arrays and objects: past the body's depth cap, within JSON.stringify's reach. */
const deepValue = fc.tuple(fc.integer({ min: 2, max: 200 }), jsonValue).map(([depth, inner]) => {
  let value: unknown = inner
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value }
  return value
})

const CONTAINERS = [
  ['[', ']'],
  ['[1,', ']'],
  ['{"a":', '}'],
  ['{"metadata":', '}'],
  ['{"__proto__":', '}'],
] as const

/**
 * JSON text inside a body object, nested around the depth cap or thousands of levels deep (deeper
 * than the stack allows a recursive walk, and than JSON.stringify can write), sometimes cut short.
 */
export const deeplyNestedJson = fc
  .record({
    containers: fc.array(fc.constantFrom(...CONTAINERS), { minLength: 1, maxLength: 4 }),
    depth: fc.oneof(fc.integer({ min: 28, max: 36 }), fc.integer({ min: 37, max: 4000 })),
    inner: fc.constantFrom('1', '{}', '[]', 'null', '"+15005550006"'),
    closed: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, fc.constant(false)),
  })
  .map(({ containers, depth, inner, closed }) => {
    let opening = ''
    let closing = ''
    for (let level = 0; level < depth; level++) {
      const [open, close] = containers[level % containers.length] ?? CONTAINERS[0]
      opening += open
      closing = close + closing
    }
    return `{"metadata":${opening}${inner}${closed ? closing : ''}}`
  })

// Every field is valid four times in five (otherwise wrong or missing), so about half of the
// bodies pass validation and reach what comes after it: the caller ID check, the insert, the echo.
const mostly = <T>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: fc.oneof(hostile, fc.constant(undefined)), weight: 1 })

/** Valid numbers: the test numbers and any other North American one. */
const e164 = fc.oneof(fc.constantFrom('+15005550006', '+15005550003'), fc.stringMatching(/^\+1[2-9]\d{9}$/))

const metadata = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.oneof(fc.string({ maxLength: 500 }), fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null)),
  { maxKeys: 50 },
)

const metadataLike = fc.oneof(
  fc.dictionary(
    fc.string({ maxLength: 45 }),
    fc.oneof(fc.string({ maxLength: 510 }), fc.double(), fc.boolean(), fc.constant(null), jsonValue, deepValue),
    { maxKeys: 55 },
  ),
  jsonValue,
  deepValue,
)

/** Call bodies, placed from the account's verified caller ID unless the caller_id is the field made wrong. */
export const createCallBody = (verifiedCallerId: string) =>
  fc.oneof(
    {
      arbitrary: fc.record({
        caller_id: mostly(fc.constant(verifiedCallerId), phoneLike),
        destination: mostly(e164, phoneLike),
        record: mostly(fc.boolean(), jsonValue),
        metadata: mostly(metadata, metadataLike),
      }),
      weight: 4,
    },
    { arbitrary: fc.oneof(jsonValue, deepValue), weight: 1 },
  )

export const callerIdBody = fc.oneof(
  { arbitrary: fc.record({ phone_number: mostly(e164, fc.oneof(phoneLike, jsonValue, deepValue)) }), weight: 4 },
  { arbitrary: fc.oneof(jsonValue, deepValue), weight: 1 },
)

/** Raw request bodies that are not JSON at all, or barely. */
export const rawBody = fc.oneof(
  fc.string(),
  fc.json(),
  fc.constantFrom('{', '{"a":', '\u0000', '{"caller_id":"\uD800"}', '[]', 'null', '1e999', '{"__proto__":{"x":1}}'),
  deeplyNestedJson,
)

export const contentType = fc.oneof(
  fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/problem+json', ''),
  fc.stringMatching(/^[a-z]{1,10}\/[a-z+.-]{1,15}$/),
)

const byteIn = (min: number, max: number) => fc.integer({ min, max }).map((code) => String.fromCharCode(code))

/** Header values fetch can send: tab, printable ASCII and the bytes above it; it refuses other controls. */
export const headerValue = fc.string({
  unit: fc.oneof({ arbitrary: byteIn(0x20, 0x7e), weight: 8 }, fc.constant('\t'), byteIn(0x80, 0xff)),
  maxLength: 300,
})

// fetch refuses to send these or sends them itself; Authorization has a property of its own.
const UNSENDABLE = new Set([
  'authorization',
  'connection',
  'content-length',
  'expect',
  'host',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/** Extra request headers: the ones the API reads (Content-Type, Idempotency-Key) and any others. */
export const extraHeaders = fc.dictionary(
  fc
    .oneof(
      fc.constantFrom('accept', 'content-type', 'idempotency-key', 'range', 'origin', 'cookie', 'x-forwarded-for'),
      fc.stringMatching(/^[a-z][a-z0-9-]{0,24}$/),
    )
    .filter((name) => !UNSENDABLE.has(name)),
  headerValue,
  { maxKeys: 6 },
)

/** Authorization values: anything, anything after "Bearer", and near misses of the real key. */
export const authorizationValue = (key: string) =>
  fc.oneof(
    headerValue,
    headerValue.map((value) => `Bearer ${value}`),
    fc.constantFrom(
      `Bearer ${key}`,
      `bearer ${key}`,
      `BEARER  ${key}`,
      `Bearer ${key} `,
      `Bearer\t${key}`,
      `Bearer ${key}x`,
      `Bearer ${key.toUpperCase()}`,
      `Bearer ${key.slice(0, -1)}`,
      `Basic ${key}`,
      key,
      'Bearer',
      'Bearer ',
    ),
  )

const queryValue = fc.oneof(
  fc.string(),
  fc.constantFrom(
    ...CALL_STATUSES,
    'queued',
    '0',
    '100',
    '101',
    '-1',
    '1e3',
    'NaN',
    '2026-11-01',
    '2026-02-30',
    '%',
    '%zz',
  ),
  fc.integer().map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
)

/** Query strings: known and unknown parameters, repeated ones, and raw percent garbage. */
export const queryString = fc.oneof(
  fc
    .array(
      fc.tuple(fc.oneof(fc.constantFrom('limit', 'cursor', 'status', 'from_date', 'to_date'), fc.string()), queryValue),
      {
        maxLength: 6,
      },
    )
    .map((pairs) => new URLSearchParams(pairs).toString()),
  fc.stringMatching(/^[a-z_=&%0-9A-Z.+-]{0,40}$/),
)

/** A path segment where a call id goes: encoded anything, or raw percent sequences. */
export const pathSegment = fc.oneof(
  fc.string({ minLength: 1 }).map(encodeURIComponent),
  fc.string({ minLength: 1 }).map((s) => `call_${encodeURIComponent(s)}`),
  fc.constantFrom('%', '%zz', '%00', '..', '.', 'call_', `call_${'A'.repeat(5000)}`, '%E0%A4%A'),
)
