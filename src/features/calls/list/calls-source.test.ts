import { describe, expect, it } from 'vitest'
import type { IndexState } from '@/api/call-index-schemas'
import { type CallsSearch, callsSearchSchema } from './calls-search'
import { chooseCallsSource } from './calls-source'

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

  it('while details are pending: complete for numbers and list filters, partial for metadata, recording and voicemail', () => {
    const details = state({ state: 'catching-up', pendingDetails: 3, message: 'Fetching the details of 3 calls.' })
    for (const complete of [{}, { q: '415 555' }, { caller_id: '+14155550100', min_duration: 10 }])
      expect(chooseCallsSource(view(complete), details)).toEqual({
        source: 'index',
        indexFiltersOff: false,
        notice: null,
      })
    for (const partial of [{ q: 'T-1234' }, { has_recording: true }, { voicemail_drop: false }])
      expect(chooseCallsSource(view(partial), details).notice?.tone).toBe('warning')
  })
})
