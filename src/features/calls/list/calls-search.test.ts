import { describe, expect, it, vi } from 'vitest'
import { nextPageSearch, previousPageSearch } from '@/lib/cursor-trail'
import {
  CLEARED_FILTERS,
  callsSearchSchema,
  cursorOf,
  hasFilters,
  pageCursor,
  toListQuery,
  toSearchQuery,
  withFilters,
} from './calls-search'

const parse = (raw: Record<string, unknown>) => callsSearchSchema.parse(raw)

describe('calls search params', () => {
  it('defaults to the first page of 25 with no filters', () => {
    expect(parse({})).toEqual({ limit: 25 })
  })

  it('keeps valid values', () => {
    expect(
      parse({
        status: 'DIALER_FAILED',
        from_date: '2026-11-01',
        to_date: '2026-11-20T00:00:00Z',
        limit: 100,
        cursor: 'abc',
      }),
    ).toEqual({
      status: 'DIALER_FAILED',
      from_date: '2026-11-01',
      to_date: '2026-11-20T00:00:00Z',
      limit: 100,
      cursor: 'abc',
    })
  })

  it('accepts a page size written as a string, as URLs carry it', () => {
    expect(parse({ limit: '50' }).limit).toBe(50)
  })

  it('falls back to the default for each invalid value instead of failing', () => {
    const search = parse({
      status: 'queued',
      from_date: 'yesterday',
      to_date: 42,
      limit: 30,
      cursor: '',
      prev: 'not-a-list',
    })
    expect(search).toEqual({ limit: 25 })
  })

  it('rejects page sizes outside 25/50/100 and non-numbers', () => {
    for (const limit of [0, -1, 1000, 'abc', null, 25.5]) expect(parse({ limit }).limit).toBe(25)
  })

  it('sends the API only its own parameters, and only a cursor it wrote', () => {
    expect(toListQuery(parse({ status: 'DIALER_RINGING', cursor: 'api:c2', prev: ['', 'api:c1'] }))).toEqual({
      status: 'DIALER_RINGING',
      limit: 25,
      cursor: 'c2',
      from_date: undefined,
      to_date: undefined,
    })
    expect(toListQuery(parse({ cursor: 'WzE3MDAsImNhbGxfMSJd' })).cursor).toBeUndefined()
  })

  it('keeps who wrote a cursor in the URL, whatever the voice API’s cursor holds', () => {
    const odd = 'o=50/+&#?:api:'
    const search = parse({ cursor: pageCursor('api', odd) })
    expect(cursorOf(search)).toEqual({ source: 'api', cursor: odd })
    expect(toListQuery(search).cursor).toBe(odd)
    expect(toSearchQuery(search).cursor).toBeUndefined()
    const indexed = parse({ cursor: pageCursor('index', 'WzE3MDAsImNhbGxfMSJd') })
    expect(cursorOf(indexed)).toEqual({ source: 'index', cursor: 'WzE3MDAsImNhbGxfMSJd' })
    expect(toSearchQuery(indexed).cursor).toBe('WzE3MDAsImNhbGxfMSJd')
    expect(cursorOf(parse({}))).toBeNull()
  })

  it('sends a plain date as the local day’s start, with its offset, and a date-time as it is', () => {
    vi.stubEnv('TZ', 'Europe/Berlin')
    try {
      expect(toListQuery(parse({ from_date: '2026-11-01', to_date: '2026-11-20T00:00:00-05:00' }))).toMatchObject({
        from_date: '2026-11-01T00:00:00+01:00',
        to_date: '2026-11-20T00:00:00-05:00',
      })
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe('the index’s params', () => {
  it('keeps valid ones and reads a number-only search as the text it is', () => {
    expect(
      parse({
        q: 4155,
        placed_by: 'api',
        caller_id: '+14155550100',
        has_recording: true,
        voicemail_drop: false,
        min_duration: 30,
        max_duration: 600,
      }),
    ).toEqual({
      q: '4155',
      placed_by: 'api',
      caller_id: '+14155550100',
      has_recording: true,
      voicemail_drop: false,
      min_duration: 30,
      max_duration: 600,
      limit: 25,
    })
  })

  it('falls back to no filter for each invalid one', () => {
    expect(
      parse({
        q: '',
        caller_id: '4155550100',
        has_recording: 'yes',
        min_duration: -5,
        max_duration: 1.5,
        placed_by: '',
      }),
    ).toEqual({ limit: 25 })
    expect(parse({ q: 'x'.repeat(201) }).q).toBeUndefined()
  })

  it('sends the index its params as the search route reads them, the search trimmed', () => {
    expect(
      toSearchQuery(parse({ q: ' T-1 ', has_recording: false, min_duration: 0, status: 'DIALER_FAILED' })),
    ).toEqual({
      q: 'T-1',
      status: 'DIALER_FAILED',
      has_recording: 'false',
      min_duration: 0,
      limit: 25,
      from_date: undefined,
      to_date: undefined,
      cursor: undefined,
      placed_by: undefined,
      caller_id: undefined,
      voicemail_drop: undefined,
      max_duration: undefined,
    })
  })

  it('leaves out of the index’s query the terms too short to search, which the console refuses', () => {
    expect(toSearchQuery(parse({ q: 'ab T-4821' })).q).toBe('T-4821')
    expect(toSearchQuery(parse({ q: '48' })).q).toBeUndefined()
    expect(toSearchQuery(parse({ q: 'lang:en' })).q).toBe('lang:en')
  })

  it('sends the Outcome filter and outcome: terms to the index, and clears the filter with the rest', () => {
    const search = parse({ q: 'outcome:"left voicemail"', outcome: 'none' })
    expect(toSearchQuery(search)).toMatchObject({ q: 'outcome:"left voicemail"', outcome: 'none' })
    expect(hasFilters(parse({ outcome: 'reached' }))).toBe(true)
    expect(withFilters(search, CLEARED_FILTERS).outcome).toBeUndefined()
  })

  it('counts only what a person set as filters, and clears them all', () => {
    expect(hasFilters(parse({ limit: 50 }))).toBe(false)
    expect(hasFilters(parse({ voicemail_drop: true }))).toBe(true)
    expect(hasFilters(withFilters(parse({ q: 'a', status: 'DIALER_FAILED', min_duration: 3 }), CLEARED_FILTERS))).toBe(
      false,
    )
  })
})

describe('cursor trail', () => {
  it('goes forward and back to exactly the pages it came from', () => {
    const first = parse({ status: 'DIALER_COMPLETED' })
    const second = nextPageSearch(first, 'c1')
    const third = nextPageSearch(second, 'c2')
    expect(third).toMatchObject({ cursor: 'c2', prev: ['', 'c1'] })
    const back = previousPageSearch(third)
    expect(back).toMatchObject({ cursor: 'c1', prev: [''] })
    const start = previousPageSearch(back)
    expect(start.cursor).toBeUndefined()
    expect(start.prev).toBeUndefined()
    expect(start.status).toBe('DIALER_COMPLETED')
  })

  it('starts again at the first page when a filter changes', () => {
    const paged = nextPageSearch(parse({}), 'c1')
    expect(withFilters(paged, { status: 'DIALER_FAILED' })).toEqual({ limit: 25, status: 'DIALER_FAILED' })
  })
})
