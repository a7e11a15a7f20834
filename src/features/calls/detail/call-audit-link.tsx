import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { can, sessionQueries } from '@/api/session'

/**
 * For those who read the audit trail (admins): this call's entries in the Audit log, found by its id.
 * Only a way there: the console refuses the trail to anyone else whatever the page shows.
 */
export function CallAuditLink({ callId }: { callId: string }) {
  const readsAudit = can(useQuery(sessionQueries.current()).data, 'audit:read')
  if (!readsAudit) return null
  return (
    <p className="text-sm">
      <Link
        to="/audit"
        search={{ q: callId }}
        className="text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
      >
        Audit entries for this call
      </Link>
    </p>
  )
}
