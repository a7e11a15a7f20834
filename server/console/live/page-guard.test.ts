import { describe, expect, it } from 'vitest'
import { createPageGuard, describeStops } from './page-guard'

const page = (ids: string[], next_cursor?: string | null) => ({
  calls: ids.map((call_id) => ({ call_id })),
  next_cursor,
})

describe('a walk through pages that cannot loop or stall', () => {
  it('ends on a missing, empty or null cursor alike, as the service said', () => {
    for (const last of [page(['b']), page(['b'], ''), page(['b'], null)]) {
      const guard = createPageGuard(10)
      expect(guard.next(page(['a'], 'c1'))).toEqual({ cursor: 'c1', fresh: 1, stopped: null })
      expect(guard.next(last)).toEqual({ cursor: null, fresh: 1, stopped: null })
    }
  })

  it('stops on a cursor already followed in this walk', () => {
    const guard = createPageGuard(10)
    guard.next(page(['a'], 'c1'))
    expect(guard.next(page(['b'], 'c1'))).toEqual({
      cursor: null,
      fresh: 1,
      stopped: { reason: 'repeated-cursor', pages: 2 },
    })
  })

  it('follows an empty first page, and stops after three pages in a row with nothing new', () => {
    const guard = createPageGuard(100)
    expect(guard.next(page([], 'c1')).cursor).toBe('c1')
    expect(guard.next(page(['a'], 'c2')).cursor).toBe('c2')
    expect(guard.next(page([], 'c3')).cursor).toBe('c3')
    expect(guard.next(page(['a'], 'c4')).cursor).toBe('c4')
    expect(guard.next(page([], 'c5'))).toMatchObject({ cursor: null, stopped: { reason: 'nothing-new', pages: 5 } })
  })

  it('stops after its bound on pages', () => {
    const guard = createPageGuard(2)
    guard.next(page(['a'], 'c1'))
    expect(guard.next(page(['b'], 'c2'))).toMatchObject({ cursor: null, stopped: { reason: 'page-limit', pages: 2 } })
  })

  it('words the stops a sentence a reason, in the order given', () => {
    expect(
      describeStops([
        { listing: 'the backfill', stop: { reason: 'repeated-cursor', pages: 3 } },
        { listing: 'the listing of new calls', stop: { reason: 'nothing-new', pages: 1 } },
        { listing: 'the listing of ringing calls', stop: { reason: 'repeated-cursor', pages: 2 } },
      ]),
    ).toEqual([
      'the service repeated a page cursor; the backfill was stopped after 3 pages, the listing of ringing calls after 2 pages',
      '3 pages in a row brought no call not already listed; the listing of new calls was stopped after 1 page',
    ])
  })
})
