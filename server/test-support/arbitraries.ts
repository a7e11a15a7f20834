// fast-check generators of hostile input for the fuzz tests: bodies, query
// strings, header values and path segments, biased towards almost-valid values.
import fc from 'fast-check'
import { CALL_STATUSES } from '../../src/api/schemas'

const phoneLike = fc.oneof(
  fc.constantFrom('+15005550006', '+15005550002', '+14155550100', '+1', '+', '', '+0000000', '+999999999999999999'),
  fc.stringMatching(/^\+?[0-9 ()-]{0,20}$/),
  fc.string(),
)

/** Any JSON value, including deep and odd ones. */
const jsonValue = fc.jsonValue({ maxDepth: 4 })

const metadataLike = fc.oneof(
  fc.dictionary(
    fc.string({ maxLength: 45 }),
    fc.oneof(fc.string({ maxLength: 510 }), fc.double(), fc.boolean(), fc.constant(null), jsonValue),
    {
      maxKeys: 55,
    },
  ),
  jsonValue,
)

export const createCallBody = fc.oneof(
  fc.record(
    { caller_id: phoneLike, destination: phoneLike, record: fc.oneof(fc.boolean(), jsonValue), metadata: metadataLike },
    { requiredKeys: [] },
  ),
  jsonValue,
)

export const callerIdBody = fc.oneof(
  fc.record({ phone_number: fc.oneof(phoneLike, jsonValue) }, { requiredKeys: [] }),
  jsonValue,
)

/** Raw request bodies that are not JSON at all, or barely. */
export const rawBody = fc.oneof(
  fc.string(),
  fc.json(),
  fc.constantFrom('{', '{"a":', '\u0000', '{"caller_id":"\uD800"}', '[]', 'null', '1e999', '{"__proto__":{"x":1}}'),
)

export const contentType = fc.oneof(
  fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/problem+json', ''),
  fc.stringMatching(/^[a-z]{1,10}\/[a-z+.-]{1,15}$/),
)

/** Header values fetch can send: printable ASCII, no CR/LF. */
export const headerValue = fc.string({ unit: 'grapheme-ascii', maxLength: 300 }).map((s) => s.replace(/[\r\n\0]/g, ''))

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
