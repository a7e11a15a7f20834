// The call page's Callback panel: the call's open callbacks, and the form that asks for one. The route composes
// it beside the outcome panel. An outcome whose kind asks for a callback ("Callback requested"), read from the
// call's work as the outcome panel saves it (the same query, so a save opens the form), opens the form by itself.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { callWorkQueries } from '@/api/call-work'
import { callbackQueries } from '@/api/callbacks'
import { callQueries } from '@/api/calls'
import { outcomeKindQueries } from '@/api/outcome-kinds'
import { can, sessionQueries } from '@/api/session'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { ErrorState } from '@/components/ui/error-state'
import { CallbackForm } from './callback-form'
import { CallbackItem } from './callback-item'

export function CallbackPanel({ callId }: { callId: string }) {
  const { data: session } = useQuery(sessionQueries.current())
  const works = can(session, 'callbacks:work')
  const oversees = can(session, 'callbacks:oversee')
  const allowed = works || oversees
  const number = useQuery(callQueries.detail(callId)).data?.call.destination ?? null
  const open = useQuery({ ...callbackQueries.ofCall(callId), enabled: allowed })
  const outcomeId = useQuery({ ...callWorkQueries.detail(callId), enabled: allowed }).data?.outcome?.id
  const kinds = useQuery({ ...outcomeKindQueries.list(), enabled: allowed && outcomeId !== undefined })
  const asked = kinds.data?.find((kind) => kind.id === outcomeId)?.asks_callback === true
  const [opened, setOpened] = useState(false)
  // Closed by hand: an outcome that asks stays answered until the page is opened again.
  const [dismissed, setDismissed] = useState(false)
  const [said, setSaid] = useState('')
  if (!allowed || !number) return null
  const callbacks = open.data ?? []
  const formOpen = opened || (asked && !dismissed && open.isSuccess && callbacks.length === 0)
  return (
    <Card aria-labelledby="callback-panel-title" className="space-y-3">
      <div>
        {/* Focusable by script: where focus goes when the call's last callback is done or cancelled. */}
        <CardTitle id="callback-panel-title" tabIndex={-1}>
          Callback
        </CardTitle>
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {said}
        </p>
      </div>
      {/* Said, not shown as none: a callback already asked for must not be asked for twice while the console is away. */}
      {open.isError && (
        <ErrorState
          title="Could not load this call’s callbacks"
          error={open.error}
          onRetry={() => void open.refetch()}
        />
      )}
      {callbacks.length > 0 && (
        <ul className="space-y-2">
          {callbacks.map((callback) => (
            <CallbackItem
              key={callback.id}
              callback={callback}
              userId={session?.user.id}
              canCall={can(session, 'calls:create')}
              oversees={oversees}
              onWorked={setSaid}
            />
          ))}
        </ul>
      )}
      {formOpen ? (
        <CallbackForm
          callId={callId}
          number={number}
          oversees={oversees}
          asked={asked}
          onClose={() => {
            setOpened(false)
            setDismissed(true)
          }}
        />
      ) : (
        <Button size="sm" variant="secondary" onClick={() => setOpened(true)}>
          Ask for a callback
        </Button>
      )}
    </Card>
  )
}
