import { describe, expect, it } from 'vitest'
import { distinctPeriods, historyRepeat } from './usage-history-paging'

const period = (start: string) => ({ period_start: `${start}-01T00:00:00Z`, period_end: null })
const page = (starts: string[], next: string | null) => ({ periods: starts.map(period), next_cursor: next })

describe('usage history paging', () => {
  it('goes on while each page is new and names a cursor not asked for yet', () => {
    const pages = [page(['2026-11', '2026-10'], 'h2'), page(['2026-09', '2026-08'], 'h4')]
    expect(historyRepeat(pages, [undefined, 'h2'])).toBeNull()
    expect(historyRepeat([page(['2026-11'], null)], [undefined])).toBeNull()
  })

  it('stops on a cursor already asked for, and on a page of periods already shown', () => {
    // A service whose cursor parameter has another name: our `cursor` is ignored, the first page comes again.
    const first = page(['2026-11', '2026-10'], 'h2')
    expect(historyRepeat([first, first], [undefined, 'h2'])).toBe('cursor')
    expect(historyRepeat([first, page(['2026-10', '2026-11'], 'h9')], [undefined, 'h2'])).toBe('page')
    expect(distinctPeriods([first, first]).map((p) => p.period_start)).toEqual([
      '2026-11-01T00:00:00Z',
      '2026-10-01T00:00:00Z',
    ])
  })
})
