// /callbacks: what is due now (and coming up) for the person, and for managers and admins every person's
// overdue callbacks. Each section loads and fails on its own.
import { useQuery } from '@tanstack/react-query'
import { callbackQueries, DUE_POLL_MS } from '@/api/callbacks'
import { OVERDUE_AFTER_MS } from '@/api/contract/callback-schemas'
import { can, sessionQueries } from '@/api/session'
import { AllowNotifications } from './allow-notifications'
import { CallbackSection } from './callback-section'

export function CallbacksPage() {
  const { data: session } = useQuery(sessionQueries.current())
  const works = can(session, 'callbacks:work')
  const oversees = can(session, 'callbacks:oversee')
  const userId = session?.user.id
  const canCall = can(session, 'calls:create')
  const due = useQuery({ ...callbackQueries.open(true), enabled: works, refetchInterval: DUE_POLL_MS })
  const open = useQuery({ ...callbackQueries.open(false), enabled: works })
  const dueIds = new Set(due.data?.map((callback) => callback.id))
  const overdue = useQuery({ ...callbackQueries.overdue(), enabled: oversees, refetchInterval: DUE_POLL_MS })
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Callbacks</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Times people asked to be called back. “Call back” opens New call filled in; once that call is placed, the
          callback is done.
        </p>
        {works && <AllowNotifications />}
      </div>
      {works && (
        <CallbackSection
          title="Due now"
          empty="Nothing is due now."
          emptyHint="A callback shows here when its time comes, and the header says “due now”."
          query={due}
          userId={userId}
          canCall={canCall}
          oversees={oversees}
        />
      )}
      {works && (
        <CallbackSection
          title="Coming up"
          empty="No callbacks are planned."
          emptyHint="Ask for one on a call’s page, in its Callback panel; an outcome that asks for a callback time opens it."
          query={open}
          hide={dueIds}
          userId={userId}
          canCall={canCall}
          oversees={oversees}
        />
      )}
      {oversees && (
        <CallbackSection
          title="Overdue"
          description={`Everyone’s callbacks still open ${OVERDUE_AFTER_MS / 60_000} minutes or more after their time.`}
          empty="No callback is overdue."
          query={overdue}
          userId={userId}
          canCall={canCall}
          oversees={oversees}
        />
      )}
    </div>
  )
}
