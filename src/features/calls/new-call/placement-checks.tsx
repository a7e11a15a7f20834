// New call's checks before the press (issue 52): once the destination is a number, the console says whether it is on
// the do-not-call list and whether the callee may be called at this hour; Place call waits while either says no, or
// while a recorded call waits for the callee's consent (@/components/recording-consent). An
// admin may allow one call outside the hours, with a reason. Loaded after the form, as the caller-ID advice is: until
// it arrives Place call works as before, and the console refuses such a placement whatever the page says.
import { useMutation, useMutationState, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { CALLING_HOURS_EXCEPTION_MS, type CallingHoursException } from '@/api/contract/calling-hours-schemas'
import { allowOneCallOutsideHours, placementCheckQueries } from '@/api/placement-checks'
import { useTimeZone } from '@/api/preferences'
import { can, sessionQueries } from '@/api/session'
import { PlacementBlockNotice } from '@/components/placement-block-notice'
import { CONSENT_REASON_ID, consentMissing, recordingNoticeQuery } from '@/components/recording-consent'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { errorText } from '@/lib/error-text'
import { placementBlock } from '@/lib/placement-block'
import { formatDay, formatFull } from '@/lib/time'
import { useSettled } from '@/lib/use-settled'

// The notice's sentence describes the disabled Place call; one form per page.
const BLOCK_REASON_ID = 'placement-block-reason'

const exceptionKey = (to: string) => [...placementCheckQueries.all(), 'exception', to] as const

function usePlacementBlock(destination: string | null) {
  const timeZone = useTimeZone()
  const to = useSettled(destination)
  const listed = useQuery({ ...placementCheckQueries.doNotCall(to ?? ''), enabled: to !== null })
  const hours = useQuery({ ...placementCheckQueries.callingHours(to ?? ''), enabled: to !== null })
  const exception = useMutationState({
    filters: { mutationKey: exceptionKey(to ?? ''), status: 'success' },
    select: (mutation) => mutation.state.data as CallingHoursException,
  }).at(-1)
  // A number typed since the last answer is not judged by the one before it.
  if (to === null || to !== destination) return { to, block: null, exception: null }
  const block = placementBlock({
    listed: listed.data?.entry ?? null,
    hours: hours.data ?? null,
    exception: exception ?? null,
    now: Date.now(),
    formatDay: (iso) => formatDay(iso, timeZone),
  })
  return { to, block, exception: exception ?? null }
}

/** Under the destination: why the call cannot be placed now, and for admins, a way to allow one call anyway. */
export function PlacementChecksNotice({ destination }: { destination: string | null }) {
  const timeZone = useTimeZone()
  const { to, block, exception } = usePlacementBlock(destination)
  const mayOverride = can(useQuery(sessionQueries.current()).data, 'calling-hours:override')
  if (to === null) return null
  if (!block) {
    if (!exception || to !== destination) return null
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        One call to this number is allowed outside the callee’s hours until {formatFull(exception.expires_at, timeZone)}
        .
      </p>
    )
  }
  return (
    <PlacementBlockNotice block={block} reasonId={BLOCK_REASON_ID}>
      {block.kind === 'calling-hours' && mayOverride && <AllowOneCall to={to} />}
    </PlacementBlockNotice>
  )
}

function AllowOneCall({ to }: { to: string }) {
  const [reason, setReason] = useState('')
  const allow = useMutation({
    mutationKey: exceptionKey(to),
    mutationFn: allowOneCallOutsideHours,
    // Kept as long as the console keeps the exception, so that Place call stays enabled for it.
    gcTime: CALLING_HOURS_EXCEPTION_MS,
  })
  const fieldError = allow.isError ? errorText(allow.error) : null
  return (
    <details className="mt-3 rounded-md border border-red-200 bg-white p-2 text-slate-900 dark:border-red-900 dark:bg-slate-900 dark:text-slate-100">
      <summary className="cursor-pointer font-medium">Allow this one call</summary>
      <div className="mt-2 flex flex-col gap-2">
        <p>The next call to this number in 15 minutes is placed outside the callee’s hours. The reason is audited.</p>
        <Field label="Reason" error={fieldError}>
          {(control) => (
            <Input {...control} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          )}
        </Field>
        <div>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={allow.isPending || reason.trim().length === 0}
            onClick={() => allow.mutate({ phone_number: to, reason })}
          >
            Allow the call
          </Button>
        </div>
      </div>
    </details>
  )
}

/**
 * Place call, disabled while the console says the number may not be called now, or a recorded call waits for the
 * callee's consent, with that reason as its description.
 */
export function PlaceCallButton({
  destination,
  sending,
  record,
  consented,
}: {
  destination: string | null
  sending: boolean
  record: boolean
  consented: boolean
}) {
  const { block } = usePlacementBlock(destination)
  const notice = useQuery(recordingNoticeQuery(destination, record))
  const waitsForConsent = consentMissing(notice.data, record, consented)
  const reason = block ? BLOCK_REASON_ID : waitsForConsent ? CONSENT_REASON_ID : undefined
  return (
    <Button type="submit" disabled={sending || block !== null || waitsForConsent} aria-describedby={reason}>
      Place call
    </Button>
  )
}
