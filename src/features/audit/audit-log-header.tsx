import { auditExportHref } from '@/api/audit'
import { buttonVariants } from '@/components/ui/button'
import { toExportFilters, useAuditSearch } from './audit-search'

/** The heading, and the CSV of every entry the filters match (all pages, not only this one). */
export function AuditLogHeader() {
  const search = useAuditSearch()
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h1 className="text-2xl font-semibold">Audit log</h1>
      <a
        href={auditExportHref(toExportFilters(search))}
        download
        className={buttonVariants({ variant: 'secondary' })}
        aria-describedby="audit-export-hint"
      >
        Export CSV
      </a>
      <p id="audit-export-hint" className="sr-only">
        Downloads every entry that matches the filters, not only this page. The export is itself recorded.
      </p>
    </div>
  )
}
