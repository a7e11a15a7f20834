import type { CallSearchQuery } from '@/api/contract/call-index-schemas'
import { Button } from '@/components/ui/button'

/** What both the cold export button and the export's session (export-session.tsx) are given. */
export interface ExportCallsProps {
  query: CallSearchQuery
  timeZone: string
  /** Why there is nothing to export from (the list comes from the voice API); null when there is. */
  unavailable: string | null
}

/** "Export CSV", disabled with the reason as its title while there is nothing to export from. */
export function ExportButton({ unavailable, onClick }: { unavailable: string | null; onClick: () => void }) {
  return (
    <Button
      variant="secondary"
      size="xs"
      disabled={unavailable !== null}
      title={unavailable ?? undefined}
      onClick={onClick}
    >
      Export CSV
    </Button>
  )
}

export const EXPORT_STATUS = 'text-xs text-slate-600 dark:text-slate-400'
