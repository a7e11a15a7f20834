import { Button } from '@/components/ui/button'

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
