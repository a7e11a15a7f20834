import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { InviteResponse } from '@/api/contract/user-change-schemas'
import { sessionQueries } from '@/api/session'
import { userQueries } from '@/api/users'
import { Card, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { InviteForm } from './invite-form'
import { InviteLink } from './invite-link'
import { UsersTable } from './users-table'

export function UsersPage() {
  const list = useQuery(userQueries.list())
  const selfId = useQuery(sessionQueries.current()).data?.user.id
  // The link of the last invite: the console keeps only its hash, so this page view is the one chance to copy it.
  const [invited, setInvited] = useState<InviteResponse | null>(null)
  const [notice, setNotice] = useState('')

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Users</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Who can sign in, and as what. A change of role applies on the person's next request. What they record after a
          call is chosen from{' '}
          <Link to="/outcomes" className="text-indigo-700 underline dark:text-indigo-300">
            the outcome list
          </Link>
          . A person’s request about their number is answered on{' '}
          <Link to="/erasures" className="text-indigo-700 underline dark:text-indigo-300">
            Erasure
          </Link>
          .
        </p>
      </div>
      <Card aria-labelledby="invite-title">
        <CardTitle id="invite-title">Invite a person</CardTitle>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          You get a one-time set-up link to hand over (or to email, when the console can send email); they choose their
          own password with it.
        </p>
        <div className="mt-3 space-y-3">
          <InviteForm onInvited={setInvited} emailConfigured={list.data?.emailConfigured ?? false} />
          {invited && <InviteLink key={invited.link} invite={invited} />}
        </div>
      </Card>
      <Card aria-labelledby="users-title">
        <CardTitle id="users-title">People</CardTitle>
        <p role="status" className="mt-1 text-sm">
          {notice}
        </p>
        <div className="mt-3">
          {list.isPending ? (
            <div className="space-y-2">
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
            </div>
          ) : list.isError && !list.data ? (
            <ErrorState title="Could not load the users" error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data.users.length === 0 ? (
            <EmptyState title="Nobody yet">Invite a person above.</EmptyState>
          ) : (
            <UsersTable
              users={list.data.users}
              selfId={selfId}
              emailConfigured={list.data.emailConfigured ?? false}
              onDone={setNotice}
              onInvited={setInvited}
            />
          )}
        </div>
      </Card>
    </div>
  )
}
