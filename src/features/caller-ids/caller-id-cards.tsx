import { formatAnswered } from '@/api/caller-id-health-words'
import { MIN_ENDED_CALLS } from '@/api/contract/caller-id-health-flag'
import type { CallerIdListItem } from '@/api/contract/schemas'
import { RevealedText } from '@/components/revealed-text'
import { Timestamp } from '@/components/timestamp'
import { Badge } from '@/components/ui/badge'
import { CopyButton } from '@/components/ui/copy-button'
import { usePhoneFormat } from '@/lib/phone-format'
import type { HealthColumns } from './caller-ids-table'
import type { HealthState } from './health-cells'
import { cnamStatusLook, verificationStatusLook } from './status-labels'

/** The caller IDs on a phone: one card each, the status beside the number, nothing to scroll sideways. */
export function CallerIdCards({
  callerIds,
  health,
}: {
  callerIds: readonly CallerIdListItem[]
  health?: HealthColumns
}) {
  const formatPhone = usePhoneFormat()
  return (
    <ul aria-label="Caller IDs of the account" className="space-y-2 sm:hidden">
      {callerIds.map((item) => {
        const verification = verificationStatusLook(item.verification_status)
        const cnam = cnamStatusLook(item.cnam_status)
        return (
          <li key={item.id} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex items-center gap-2">
                <span className="font-medium tabular-nums whitespace-nowrap" title={item.phone_number}>
                  {formatPhone(item.phone_number)}
                </span>
                <CopyButton value={item.phone_number} label={`Copy ${item.phone_number}`} />
              </span>
              <Badge tone={verification.tone}>{verification.label}</Badge>
            </div>
            {health && <HealthLine state={health.stateOf(item.phone_number)} />}
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
              <RevealedText text={item.cnam_display_name} empty="No name" />
              <span className="text-xs text-slate-600 dark:text-slate-400">CNAM</span>
              <Badge tone={cnam.tone}>{cnam.label}</Badge>
            </p>
            {item.verified_at && (
              <div className="mt-1 flex gap-1 text-xs text-slate-600 dark:text-slate-400">
                <span>Verified</span>
                <Timestamp iso={item.verified_at} />
              </div>
            )}
          </li>
        )
      })}
    </ul>
  )
}

/** The health columns' lead in a line: the flag and its reason, or the answered share; the rest is on a wider screen. */
function HealthLine({ state }: { state: HealthState }) {
  if (state.status !== 'ready' || !state.health)
    return (
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Health:{' '}
        {state.status === 'loading' ? 'Loading…' : state.status === 'error' ? 'Not available' : 'No ended calls yet'}
      </p>
    )
  const { flag, recent } = state.health
  return flag ? (
    <div className="mt-1">
      <Badge tone="warning">Answered less than usual</Badge>
      <p className="mt-0.5 text-xs">{flag.reason}</p>
    </div>
  ) : (
    <p className="mt-1">
      Health: {recent.ended < MIN_ENDED_CALLS ? 'too few calls to judge' : 'not flagged'}
      {recent.answerRate !== null && ` (answered ${formatAnswered(recent)})`}
    </p>
  )
}
