// Query options for the console's audit trail: the one place that names their keys.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest, apiUrl } from './client'
import { AUDIT_PATHS, type AuditQuery, auditActors, auditPage } from './contract/audit-schemas'
import { CONSOLE_PREFIX } from './contract/console-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

/** The filters an export takes: the page's, without its paging. */
export type AuditExportFilters = Pick<AuditQuery, 'user' | 'action' | 'q' | 'from' | 'to'>

export const auditQueries = {
  all: () => ['audit'] as const,
  pages: () => [...auditQueries.all(), 'page'] as const,
  page: (query: AuditQuery) =>
    queryOptions({
      queryKey: [...auditQueries.pages(), query] as const,
      queryFn: ({ signal }) => apiRequest(AUDIT_PATHS.page, { ...onConsole, query, schema: auditPage, signal }),
    }),
  actors: () =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'actors'] as const,
      queryFn: ({ signal }) => apiRequest(AUDIT_PATHS.actors, { ...onConsole, schema: auditActors, signal }),
      // New people appear in the trail rarely; the filter can be a minute behind.
      staleTime: 60_000,
    }),
}

/**
 * Where the CSV of every entry matching the filters downloads from. A plain link, not a fetch:
 * the browser streams the attachment to disk with the session cookie, however long the trail.
 */
export function auditExportHref(filters: AuditExportFilters): string {
  const { user, action, q, from, to } = filters
  return apiUrl(AUDIT_PATHS.export, { user, action, q, from, to }, CONSOLE_PREFIX)
}
