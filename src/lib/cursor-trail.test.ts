import { describe, expect, it } from 'vitest'
import { isCursorSeen, nextPageSearch, previousPageSearch } from './cursor-trail'

describe('the cursor trail', () => {
  it('goes forward and back to exactly the page it came from', () => {
    const second = nextPageSearch<{ status: string; cursor?: string; prev?: string[] }>({ status: 'x' }, 'api:b')
    const third = nextPageSearch(second, 'api:c')
    expect(third).toEqual({ status: 'x', cursor: 'api:c', prev: ['', 'api:b'] })
    expect(previousPageSearch(third)).toEqual({ status: 'x', cursor: 'api:b', prev: [''] })
    expect(previousPageSearch(second)).toEqual({ status: 'x', cursor: undefined, prev: undefined })
  })

  it('knows a next cursor it has already followed, on this page or an earlier one', () => {
    const third = nextPageSearch(nextPageSearch({}, 'api:b'), 'api:c')
    expect(isCursorSeen(third, 'api:c')).toBe(true)
    expect(isCursorSeen(third, 'api:b')).toBe(true)
    expect(isCursorSeen(third, 'api:d')).toBe(false)
    expect(isCursorSeen({}, 'api:b')).toBe(false)
  })
})
