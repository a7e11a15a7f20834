import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { accountQueries } from '@/api/account'
import { callerIdHealthQueries } from '@/api/caller-id-health'
import { callerIdQueries } from '@/api/caller-ids'
import { can, sessionQueries } from '@/api/session'
import { Card, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { config } from '@/config'
import { useNow } from '@/lib/use-now'
import { AddCallerIdForm } from './add-caller-id-form'
import { CallerIdsList } from './caller-ids-list'
import { currentPeriodOf, healthColumnsOf } from './health-columns'
import { HealthNote } from './health-note'
import { HealthSummary } from './health-summary'
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
  const session = useQuery(sessionQueries.current()).data
  const mayVerify = can(session, 'caller-ids:verify')
  // Health is usage data: only people who read usage ask for it (the console refuses the others).
  const mayReadHealth = can(session, 'usage:read')
  const usage = useQuery({ ...accountQueries.usage(), enabled: mayReadHealth })
  const period = currentPeriodOf(usage.data)
  // Asked once the period is known or failed: without it, health comes without the period's column.
  const health = useQuery({ ...callerIdHealthQueries.health(period), enabled: mayReadHealth && !usage.isPending })
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
        <div className="mt-3 space-y-3">
          {mayReadHealth && <HealthSummary health={health} />}
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
            <CallerIdsList
              callerIds={list.data.caller_ids}
              health={mayReadHealth ? healthColumnsOf(health, period !== null) : undefined}
            />
          )}
          {mayReadHealth && <HealthNote />}
        </div>
      </Card>
    </div>
  )
}
