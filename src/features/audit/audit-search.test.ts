import { describe, expect, it } from 'vitest'
import { auditExportHref } from '@/api/audit'
import { nextPageSearch } from '@/lib/cursor-trail'
import {
  AUDIT_PAGE_SIZE,
  auditSearchSchema,
  hasFilters,
  toAuditQuery,
  toExportFilters,
  withFilters,
} from './audit-search'

const parse = (raw: Record<string, unknown>) => auditSearchSchema.parse(raw)

describe('audit log search params', () => {
  it('shows the newest entries of everyone when nothing is set', () => {
    expect(parse({})).toEqual({})
    expect(hasFilters(parse({}))).toBe(false)
  })

  it('keeps valid filters and the page', () => {
    const raw = {
      user: 'usr_1',
      action: 'call.placed',
      from: '2026-11-01T00:00:00-07:00',
      to: '2026-11-20T00:00:00Z',
      cursor: '120',
      prev: ['', '170'],
    }
    expect(parse(raw)).toEqual(raw)
  })

  it('drops each invalid value on its own, keeping the others', () => {
    expect(
      parse({
        user: 'usr_1',
        action: 'call.exploded',
        from: 'yesterday',
        to: '2026-11-20',
        cursor: '0',
        prev: 'x',
      }),
    ).toEqual({ user: 'usr_1' })
    expect(parse({ user: 'u'.repeat(101), cursor: '12abc' })).toEqual({})
  })

  it('asks the console for one page of the filters, without the trail', () => {
    const search = parse({ action: 'sign-in.failed', cursor: '40', prev: [''] })
    expect(toAuditQuery(search)).toEqual({
      user: undefined,
      action: 'sign-in.failed',
      from: undefined,
      to: undefined,
      cursor: '40',
      limit: AUDIT_PAGE_SIZE,
    })
  })

  it('starts again at the newest entries when a filter changes', () => {
    const paged = nextPageSearch(parse({ action: 'call.placed' }), '99')
    expect(withFilters(paged, { user: 'usr_2' })).toEqual({
      action: 'call.placed',
      user: 'usr_2',
      cursor: undefined,
      prev: undefined,
    })
  })

  it('exports every entry of the filters: no cursor, no limit', () => {
    const search = parse({ user: 'usr_1', action: 'call.placed', from: '2026-11-01T00:00:00Z', cursor: '7' })
    expect(auditExportHref(toExportFilters(search))).toBe(
      '/api/console/audit/export.csv?user=usr_1&action=call.placed&from=2026-11-01T00%3A00%3A00Z',
    )
  })
})
