import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Integration } from '@/api/contract/integration-schemas'
import { deleteIntegration, integrationQueries } from '@/api/integrations'
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { TableSkeleton } from '@/components/table-skeleton'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { WebhookSecret } from '@/components/webhook-secret'
import { AddDestinationDialog } from './add-destination-dialog'
import { DestinationsTable } from './destinations-table'

export function DestinationsSection() {
  const list = useQuery(integrationQueries.list())
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<Integration | null>(null)
  // The secret of the destination just added: the console keeps no way to show it again.
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null)
  const [notice, setNotice] = useState('')

  return (
    <Card aria-labelledby="destinations-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle id="destinations-title">Destinations</CardTitle>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Each destination chooses its events. A call ends: once, whatever the number of console servers.
          </p>
        </div>
        <Button size="sm" onClick={() => setAdding(true)}>
          Add integration
        </Button>
      </div>
      <p role="status" className="mt-2 text-sm">
        {notice}
      </p>
      {secret && <WebhookSecret name={secret.name} secret={secret.secret} onDone={() => setSecret(null)} />}
      <div className="mt-2">
        {list.isPending ? (
          <TableSkeleton rows={2} />
        ) : list.isError && !list.data ? (
          <ErrorState title="Could not load the integrations" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.integrations.length === 0 ? (
          <EmptyState title="No integrations yet">
            Add one to send each call’s result to your CRM or ticket tool.
          </EmptyState>
        ) : (
          <DestinationsTable integrations={list.data.integrations} onDelete={setDeleting} onDone={setNotice} />
        )}
      </div>
      {adding && (
        <AddDestinationDialog
          onClose={() => setAdding(false)}
          onAdded={(added) => {
            setAdding(false)
            setNotice(`Integration added: ${added.name}.`)
            setSecret(added)
          }}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title={`Delete ${deleting.name}?`}
          description="Events stop going there at once, and its deliveries leave the log."
          remove={() => deleteIntegration(deleting.id)}
          invalidate={integrationQueries.all()}
          onClose={() => setDeleting(null)}
          onDone={() => {
            setNotice(`Integration deleted: ${deleting.name}.`)
            setDeleting(null)
          }}
        />
      )}
    </Card>
  )
}
