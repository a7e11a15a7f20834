import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { RouteError } from '@/components/route-error'
import { AuditLogPage } from '@/features/audit/audit-log-page'
import { AuditLogSkeleton } from '@/features/audit/audit-log-skeleton'
import { auditUrlSearch } from '@/features/audit/audit-url'
import { loadUnlessStaying } from '@/lib/load-unless-staying'

export const Route = createFileRoute('/audit')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'audit:read'),
  validateSearch: auditUrlSearch,
  loaderDeps: ({ search: { prev: _trail, ...filters } }) => filters,
  // A failure is the page's to show: it keeps the filters and offers Retry. The queries and the contract's
  // checks are imported here, not above: statically they would weigh on every page's first load. New filters on
  // the log already shown are not waited for (loadUnlessStaying).
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const load = async () => {
      const [{ auditQueries }, { auditSearchSchema, toAuditQuery }] = await Promise.all([
        import('@/api/audit'),
        import('@/features/audit/audit-search'),
      ])
      void queryClient.prefetchQuery(auditQueries.actors())
      await queryClient
        .ensureQueryData(auditQueries.page(toAuditQuery(auditSearchSchema.parse(deps))))
        .catch(() => undefined)
    }
    await loadUnlessStaying(cause, load)
  },
  head: () => ({ meta: [{ title: 'Audit log' }] }),
  pendingComponent: AuditLogSkeleton,
  // The skeleton comes with the page's chunk, not in every page's first JavaScript: it shows while the loader waits
  // for data (after the router's pendingMs), by when that chunk has arrived (or was preloaded on intent).
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  errorComponent: RouteError,
  component: AuditLogPage,
})
