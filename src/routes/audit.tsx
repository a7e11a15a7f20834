import { createFileRoute } from '@tanstack/react-router'
import { auditQueries } from '@/api/audit'
import { requirePermission } from '@/api/session'
import { RouteError } from '@/components/route-error'
import { AuditLogPage } from '@/features/audit/audit-log-page'
import { AuditLogSkeleton } from '@/features/audit/audit-log-skeleton'
import { auditSearchSchema, toAuditQuery } from '@/features/audit/audit-search'

export const Route = createFileRoute('/audit')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'audit:read'),
  validateSearch: auditSearchSchema,
  loaderDeps: ({ search }) => toAuditQuery(search),
  // A failure is the page's to show: it keeps the filters and offers Retry.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(auditQueries.actors())
    return queryClient.ensureQueryData(auditQueries.page(deps)).catch(() => undefined)
  },
  head: () => ({ meta: [{ title: 'Audit log' }] }),
  pendingComponent: AuditLogSkeleton,
  errorComponent: RouteError,
  component: AuditLogPage,
})
