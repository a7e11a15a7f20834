import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { DoNotCallEntry } from '@/api/contract/do-not-call-schemas'
import { doNotCallQueries } from '@/api/do-not-call'
import { can, sessionQueries } from '@/api/session'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { AddNumberDialog } from './add-number-dialog'
import { ImportDialog } from './import-dialog'
import { NumbersTable } from './numbers-table'
import { RemoveNumberDialog } from './remove-number-dialog'

const route = getRouteApi('/do-not-call')

/** The numbers the console never calls (issue 52): every role reads it; admins add and remove. */
export function DoNotCallPage() {
  const session = useQuery(sessionQueries.current()).data
  const manages = can(session, 'do-not-call:manage')
  // The cursors of the pages shown before this one, this one's last: "Previous page" goes back one. Kept here, not
  // through lib/cursor-trail: sharing that would split it from the date filter into a chunk every list page fetches.
  const [cursors, setCursors] = useState<string[]>([])
  const navigate = route.useNavigate()
  // The field holds what is typed, and the address follows it (a reload or a link keeps the search), each key
  // replacing the last in the history: Back leaves the page. The field is the source: the address changes only here.
  const [searched, setSearched] = useState(route.useSearch().q ?? '')
  useEffect(() => {
    void navigate({ search: searched ? { q: searched } : {}, replace: true })
  }, [navigate, searched])
  // The server matches digits of the number: "+1 (415)" searches for 1415.
  const digits = searched.replace(/\D/g, '')
  const page = useQuery(doNotCallQueries.page(digits, cursors.at(-1) ?? null))
  const [adding, setAdding] = useState(false)
  const [importing, setImporting] = useState(false)
  const [removing, setRemoving] = useState<{ entry: DoNotCallEntry; shownAs: string } | null>(null)
  const [notice, setNotice] = useState('')

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Do not call</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Numbers the console never calls, whoever places the call and however: the call is refused with the reason.
          </p>
        </div>
        {manages && (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <Button onClick={() => setAdding(true)}>Add a number</Button>
          </div>
        )}
      </div>
      <Card>
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Search" hint="Digits of the number, anywhere in it.">
            {(control) => (
              <Input
                {...control}
                type="search"
                inputMode="numeric"
                value={searched}
                onChange={(e) => {
                  setSearched(e.target.value)
                  setCursors([])
                }}
              />
            )}
          </Field>
        </div>
        <p role="status" className="mt-2 text-sm">
          {notice}
        </p>
        <div className="mt-3">
          {page.isPending ? (
            <div className="space-y-2">
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
            </div>
          ) : page.isError ? (
            <ErrorState title="Could not load the list" error={page.error} onRetry={() => void page.refetch()} />
          ) : page.data.entries.length === 0 ? (
            digits ? (
              <EmptyState title="No listed number matches">Search for other digits, or clear the search.</EmptyState>
            ) : (
              <EmptyState title="No number is on the list.">
                {manages ? 'Add one, or import a CSV.' : 'An admin adds the numbers never to call.'}
              </EmptyState>
            )
          ) : (
            <>
              <NumbersTable
                entries={page.data.entries}
                onRemove={manages ? (entry, shownAs) => setRemoving({ entry, shownAs }) : undefined}
              />
              <div className="mt-3 flex justify-end gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={cursors.length === 0}
                  onClick={() => setCursors(cursors.slice(0, -1))}
                >
                  Previous page
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={!page.data.next_cursor}
                  onClick={() => page.data.next_cursor && setCursors([...cursors, page.data.next_cursor])}
                >
                  Next page
                </Button>
              </div>
            </>
          )}
        </div>
      </Card>
      {adding && (
        <AddNumberDialog
          onClose={() => setAdding(false)}
          onAdded={({ phoneNumber, already }) => {
            setAdding(false)
            setNotice(already ? `${phoneNumber} was on the list already.` : `Added ${phoneNumber} to the list.`)
          }}
        />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
      {removing && (
        <RemoveNumberDialog
          entry={removing.entry}
          shownAs={removing.shownAs}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setNotice(`Removed ${removing.shownAs}: it may be called again.`)
            setRemoving(null)
          }}
        />
      )}
    </div>
  )
}
