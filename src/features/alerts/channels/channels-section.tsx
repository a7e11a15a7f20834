import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { alertQueries, deleteChannel } from '@/api/alerts'
import type { AlertChannel } from '@/api/contract/alert-schemas'
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { TableSkeleton } from '@/components/table-skeleton'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { WebhookSecret } from '@/components/webhook-secret'
import { AddChannelDialog } from './add-channel-dialog'
import { ChannelsTable } from './channels-table'

export function ChannelsSection() {
  const channels = useQuery(alertQueries.channels())
  const [adding, setAdding] = useState<AlertChannel['kind'] | null>(null)
  const [deleting, setDeleting] = useState<AlertChannel | null>(null)
  // The secret of the webhook just added: the console keeps no way to show it again.
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null)
  const [notice, setNotice] = useState('')
  const emailConfigured = channels.data?.emailConfigured ?? false

  return (
    <Card aria-labelledby="channels-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle id="channels-title">Channels</CardTitle>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Every alert shows in the banner for managers and admins; channels carry it further.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setAdding('webhook')}>
            Add webhook
          </Button>
          {emailConfigured && (
            <Button size="sm" onClick={() => setAdding('email')}>
              Add email
            </Button>
          )}
        </div>
      </div>
      {channels.data && !emailConfigured && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Email channels need an SMTP server: set <code>CONSOLE_SMTP_URL</code> on the console server to add one.
        </p>
      )}
      <p role="status" className="mt-2 text-sm">
        {notice}
      </p>
      {secret && <WebhookSecret name={secret.name} secret={secret.secret} onDone={() => setSecret(null)} />}
      <div className="mt-2">
        {channels.isPending ? (
          <TableSkeleton rows={2} />
        ) : channels.isError && !channels.data ? (
          <ErrorState
            title="Could not load the channels"
            error={channels.error}
            onRetry={() => void channels.refetch()}
          />
        ) : channels.data.channels.length === 0 ? (
          <EmptyState title="No channels yet">Add a webhook to push alerts to your paging or chat tool.</EmptyState>
        ) : (
          <ChannelsTable channels={channels.data.channels} onDelete={setDeleting} onDone={setNotice} />
        )}
      </div>
      {adding && (
        <AddChannelDialog
          kind={adding}
          onClose={() => setAdding(null)}
          onAdded={(added) => {
            setAdding(null)
            setNotice(`Channel added: ${added.name}.`)
            if (added.secret) setSecret({ name: added.name, secret: added.secret })
          }}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title={`Delete ${deleting.name}?`}
          description="Alerts stop going there at once, and its deliveries leave the log."
          remove={() => deleteChannel(deleting.id)}
          invalidate={alertQueries.channels().queryKey}
          onClose={() => setDeleting(null)}
          onDone={() => {
            setNotice(`Channel deleted: ${deleting.name}.`)
            setDeleting(null)
          }}
        />
      )}
    </Card>
  )
}
