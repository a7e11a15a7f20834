import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { alertQueries, deleteRule } from '@/api/alerts'
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { TableSkeleton } from '@/components/table-skeleton'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { type RuleAction, RulesTable } from './rules-table'

// The rule forms (kinds, percent, channel picker) load when one is opened: a cold /alerts reads the rules only.
const AddRuleDialog = lazy(() => import('./add-rule-dialog').then((dialog) => ({ default: dialog.AddRuleDialog })))
const EditRuleDialog = lazy(() => import('./edit-rule-dialog').then((dialog) => ({ default: dialog.EditRuleDialog })))

export function RulesSection() {
  const rules = useQuery(alertQueries.rules())
  const channels = useQuery(alertQueries.channels())
  const channelNames = new Map((channels.data?.channels ?? []).map((channel) => [channel.id, channel.name]))
  const [adding, setAdding] = useState(false)
  const [action, setAction] = useState<RuleAction | null>(null)
  const [notice, setNotice] = useState('')

  return (
    <Card aria-labelledby="rules-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle id="rules-title">Rules</CardTitle>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Each rule fires at most once a billing period (a caller-ID rule once per caller ID).
          </p>
        </div>
        <Button size="sm" onClick={() => setAdding(true)}>
          Add rule
        </Button>
      </div>
      <p role="status" className="mt-2 text-sm">
        {notice}
      </p>
      <div className="mt-2">
        {rules.isPending ? (
          <TableSkeleton />
        ) : rules.isError && !rules.data ? (
          <ErrorState title="Could not load the rules" error={rules.error} onRetry={() => void rules.refetch()} />
        ) : rules.data.rules.length === 0 ? (
          <EmptyState title="No rules yet">Add one to be told before the commitment is crossed.</EmptyState>
        ) : (
          <RulesTable rules={rules.data.rules} channelNames={channelNames} onAction={setAction} onDone={setNotice} />
        )}
      </div>
      <Suspense fallback={null}>
        {adding && (
          <AddRuleDialog
            onClose={() => setAdding(false)}
            onAdded={(description) => {
              setAdding(false)
              setNotice(`Rule added: ${description}.`)
            }}
          />
        )}
        {action?.kind === 'edit' && (
          <EditRuleDialog
            rule={action.rule}
            onClose={() => setAction(null)}
            onSaved={(description) => {
              setAction(null)
              setNotice(`Rule changed: ${description}.`)
            }}
          />
        )}
      </Suspense>
      {action?.kind === 'delete' && (
        <ConfirmDeleteDialog
          title="Delete this rule?"
          description={`${action.rule.description}. Its past firings stay in the history.`}
          remove={() => deleteRule(action.rule.id)}
          invalidate={alertQueries.rules().queryKey}
          onClose={() => setAction(null)}
          onDone={() => {
            setNotice(`Rule deleted: ${action.rule.description}.`)
            setAction(null)
          }}
        />
      )}
    </Card>
  )
}
