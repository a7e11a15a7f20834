// Search params of /audit, named as the console's query parameters so a link reproduces the
// view. Each field is the contract's own, and falls back to "not set" instead of failing.
import { getRouteApi } from '@tanstack/react-router'
import { useMemo } from 'react'
import * as z from 'zod/mini'
import type { AuditExportFilters } from '@/api/audit'
import { type AuditQuery, auditQuery } from '@/api/contract/audit-schemas'

/** Entries per page: a screenful of a busy hour. */
export const AUDIT_PAGE_SIZE = 50

const { user, action, q, from, to, cursor } = auditQuery.shape

export const auditSearchSchema = z.object({
  user: z.catch(user, undefined),
  action: z.catch(action, undefined),
  q: z.catch(q, undefined),
  from: z.catch(from, undefined),
  to: z.catch(to, undefined),
  cursor: z.catch(cursor, undefined),
  // Cursors of the newer pages before this one ('' is the first page), for "Newer entries".
  prev: z.catch(z.optional(z.array(z.string()).check(z.maxLength(500))), undefined),
})

export type AuditSearch = z.infer<typeof auditSearchSchema>

const route = getRouteApi('/audit')

/** The page's search, each value as the contract reads it (the route reads the URL as plain strings). */
export function useAuditSearch(): AuditSearch {
  const raw = route.useSearch()
  return useMemo(() => auditSearchSchema.parse(raw), [raw])
}

export function toExportFilters(search: AuditSearch): AuditExportFilters {
  return { user: search.user, action: search.action, q: search.q, from: search.from, to: search.to }
}

/** The console query for a view: the filters and the page, without the trail. */
export function toAuditQuery(search: AuditSearch): AuditQuery {
  return { ...toExportFilters(search), cursor: search.cursor, limit: AUDIT_PAGE_SIZE }
}

/** Changing a filter starts again at the newest entries. */
export function withFilters(search: AuditSearch, change: Partial<AuditSearch>): AuditSearch {
  return { ...search, ...change, cursor: undefined, prev: undefined }
}

export const CLEARED_FILTERS: Partial<AuditSearch> = {
  user: undefined,
  action: undefined,
  q: undefined,
  from: undefined,
  to: undefined,
}

export function hasFilters(search: AuditSearch): boolean {
  return Boolean(search.user || search.action || search.q || search.from || search.to)
}
