import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { callerIdQueries } from '@/api/caller-ids'
import { can, sessionQueries } from '@/api/session'
import { Card, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { config } from '@/config'
import { useNow } from '@/lib/use-now'
import { AddCallerIdForm } from './add-caller-id-form'
import { CallerIdsTable } from './caller-ids-table'
import { VERIFICATION_POLL_MS } from './request-verification'
import { VERIFIED } from './status-labels'
import { VerificationPanel } from './verification-panel'
import { markVerified, useVerifications, verificationPhase } from './verification-store'

export function CallerIdsPage() {
  const verifications = useVerifications()
  // The verification started last on this page view; a reload focuses nothing.
  const [startedHere, setStartedHere] = useState<string | null>(null)
  const now = useNow(1000, verifications.length > 0)
  const waiting = verifications.some((entry) => verificationPhase(entry, now) === 'waiting')
  const list = useQuery({ ...callerIdQueries.list(), refetchInterval: waiting ? VERIFICATION_POLL_MS : false })
  const mayVerify = can(useQuery(sessionQueries.current()).data, 'caller-ids:verify')
  const onStarted = ({ caller_id_id }: { caller_id_id: string }) => setStartedHere(caller_id_id)

  // The list is the only sign of success: once a number shows up verified, remember it.
  useEffect(() => {
    for (const entry of verifications) {
      if (entry.verifiedAt !== null) continue
      const match = list.data?.caller_ids.find(
        (item) =>
          (item.id === entry.callerIdId || item.phone_number === entry.phoneNumber) &&
          item.verification_status === VERIFIED,
      )
      if (match) markVerified(entry.callerIdId, match.verified_at ?? new Date().toISOString())
    }
  }, [list.data, verifications])

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Caller IDs</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          The numbers your calls can come from. A number is added once its verification call is answered.
          {!mayVerify && ' Admins add new ones.'}
        </p>
      </div>
      {mayVerify && (
        <Card aria-labelledby="add-caller-id-title">
          <CardTitle id="add-caller-id-title">Add caller ID</CardTitle>
          <div className="mt-3">
            <AddCallerIdForm timeoutMs={config.verificationTimeoutMs} onStarted={onStarted} />
          </div>
        </Card>
      )}
      {verifications.length > 0 && (
        <div className="space-y-3">
          <h2 className="text-base font-semibold">Verifications</h2>
          {waiting && list.isError && (
            <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
              Could not check the caller IDs just now ({list.error.message}). Trying again in a few seconds.
            </p>
          )}
          {verifications.map((entry) => (
            <VerificationPanel
              key={entry.callerIdId}
              entry={entry}
              now={now}
              focusOnStart={entry.callerIdId === startedHere}
              onStarted={onStarted}
            />
          ))}
        </div>
      )}
      <Card aria-labelledby="caller-ids-title">
        <CardTitle id="caller-ids-title">Your caller IDs</CardTitle>
        <div className="mt-3">
          {list.isPending ? (
            <div className="space-y-2">
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
            </div>
          ) : list.isError && !list.data ? (
            <ErrorState title="Could not load caller IDs" error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data.caller_ids.length === 0 ? (
            <EmptyState title="No caller IDs yet">Add a number above; it appears here once it is verified.</EmptyState>
          ) : (
            <CallerIdsTable callerIds={list.data.caller_ids} />
          )}
        </div>
      </Card>
    </div>
  )
}
