import { describe, expect, it } from 'vitest'
import type { CallSearchResponse, IndexState } from '@/api/contract/call-index-schemas'
import { type CallsSearch, callsSearchSchema, pageCursor } from './calls-search'
import { chooseCallsSource, sourceOfAnswer } from './calls-source'

const view = (raw: Record<string, unknown> = {}): CallsSearch => callsSearchSchema.parse(raw)

const state = (change: Partial<IndexState> = {}): { state: IndexState } => ({
  state: {
    state: 'ready',
    listingComplete: true,
    indexed: 10,
    pendingDetails: 0,
    syncedTo: '2026-11-23T10:00:00Z',
    backfill: { running: false, listed: 10, estimatedTotal: 10, finishedAt: '2026-11-23T09:00:00Z' },
    message: null,
    ...change,
  },
})

describe('chooseCallsSource', () => {
  it('reads a ready index for every view, and says nothing', () => {
    expect(chooseCallsSource(view({ q: 'T-1' }), state())).toEqual({
      source: 'index',
      indexFiltersOff: false,
      notice: null,
    })
  })

  it('falls back to the API, its own filters only, when there is no index, and says so louder when a filter is lost', () => {
    const unavailable = state({
      state: 'unavailable',
      listingComplete: false,
      message: 'Search is not available: no key.',
    })
    const plain = chooseCallsSource(view({ status: 'DIALER_FAILED' }), unavailable)
    expect(plain).toMatchObject({ source: 'api', indexFiltersOff: true, notice: { tone: 'info' } })
    expect(plain.notice?.text).toMatch(/^Search is not available: no key\. .*status and dates only\.$/)
    expect(chooseCallsSource(view({ q: 'T-1' }), unavailable).notice?.tone).toBe('warning')
  })

  it('falls back to the API when the console could not search, naming why', () => {
    const choice = chooseCallsSource(view({ placed_by: 'api' }), { failed: 'The console is not answering.' })
    expect(choice).toMatchObject({ source: 'api', indexFiltersOff: true, notice: { tone: 'warning' } })
    expect(choice.notice?.text).toMatch(/The console is not answering.*not applied/)
  })

  it('while the listing is incomplete: the API for what it can filter, the index (said to be partial) for the rest', () => {
    const backfilling = state({ state: 'catching-up', listingComplete: false, message: 'Indexed 4 of about 10 calls.' })
    expect(chooseCallsSource(view({ status: 'DIALER_COMPLETED' }), backfilling)).toMatchObject({
      source: 'api',
      indexFiltersOff: false,
      notice: { tone: 'info' },
    })
    const searched = chooseCallsSource(view({ q: '415' }), backfilling)
    expect(searched).toMatchObject({ source: 'index', notice: { tone: 'warning' } })
    expect(searched.notice?.text).toContain('Indexed 4 of about 10 calls.')
  })

  it('while details are pending: complete for list filters, partial for any search term, recording and voicemail', () => {
    const details = state({ state: 'catching-up', pendingDetails: 3, message: 'Fetching the details of 3 calls.' })
    for (const complete of [{}, { caller_id: '+14155550100', min_duration: 10 }])
      expect(chooseCallsSource(view(complete), details)).toEqual({
        source: 'index',
        indexFiltersOff: false,
        notice: null,
      })
    // A number fragment may be in a metadata value too ("4821" in "T-4821"), which comes with the details.
    for (const partial of [{ q: 'T-1234' }, { q: '415 555' }, { has_recording: true }, { voicemail_drop: false }])
      expect(chooseCallsSource(view(partial), details).notice?.tone).toBe('warning')
  })
})

describe('sourceOfAnswer: a page is read from the list that wrote its cursor', () => {
  const answer = (index: IndexState): CallSearchResponse => ({
    calls: [],
    nextCursor: null,
    total: 0,
    totalCapped: false,
    index,
  })
  const unavailable = state({ state: 'unavailable', listingComplete: false, message: 'Search is not available.' })

  it('reads a page of the voice API’s list from the API, even once the index is ready', () => {
    const page2 = view({ cursor: pageCursor('api', 'o=50/+&#?'), prev: [''] })
    expect(sourceOfAnswer(page2, answer(unavailable.state), null)?.source).toBe('api')
    const ready = sourceOfAnswer(page2, answer(state().state), null)
    expect(ready).toMatchObject({ source: 'api', notice: { tone: 'info' } })
    expect(ready?.notice?.text).toContain('first page reads the search index again')
    // Without waiting for the index: the API's page can be asked at once.
    expect(sourceOfAnswer(page2, undefined, null)).toMatchObject({ source: 'api', notice: null })
  })

  it('reads a page of the index from the index, said to be partial, when the index has fallen behind', () => {
    const page2 = view({ cursor: pageCursor('index', 'WzE3MDAsImNhbGxfMSJd'), prev: [''] })
    expect(sourceOfAnswer(page2, answer(unavailable.state), null)).toMatchObject({
      source: 'index',
      notice: { tone: 'warning' },
    })
    // The index failed: its page cannot be read elsewhere, so the page shows the failure.
    expect(sourceOfAnswer(page2, undefined, new Error('down'))).toBeNull()
  })

  it('chooses as before on the first page', () => {
    expect(sourceOfAnswer(view(), answer(unavailable.state), null)?.source).toBe('api')
    expect(sourceOfAnswer(view(), answer(state().state), null)?.source).toBe('index')
  })
})
