import { describe, expect, it } from 'vitest'
import { pageWindow } from './caller-ids-paging'

describe('pageWindow', () => {
  it('cuts thousands into pages of 50', () => {
    expect(pageWindow(3000)).toEqual({ page: 1, pages: 60, start: 0, end: 50 })
    expect(pageWindow(3000, 60)).toEqual({ page: 60, pages: 60, start: 2950, end: 3000 })
    expect(pageWindow(101, 3)).toEqual({ page: 3, pages: 3, start: 100, end: 101 })
  })

  it('shows the last page there is for a page past the end (a link kept while the filter narrowed)', () => {
    expect(pageWindow(120, 9)).toEqual({ page: 3, pages: 3, start: 100, end: 120 })
  })

  it('has one empty page when nothing matches', () => {
    expect(pageWindow(0, 4)).toEqual({ page: 1, pages: 1, start: 0, end: 0 })
  })
})
