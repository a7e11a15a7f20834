// New call's checks before the press (issue 52): once the destination is a number, the console says whether it is on
// the do-not-call list and whether the callee may be called at this hour; Place call waits while either says no, or
// while a recorded call waits for the callee's consent (@/components/recording-consent). An
// admin may allow one call outside the hours, with a reason. Loaded after the form, as the caller-ID advice is: until
// it arrives Place call works as before, and the console refuses such a placement whatever the page says.
import { useQuery } from '@tanstack/react-query'
import { useLayoutEffect } from 'react'
import { placementCheckQueries } from '@/api/placement-checks'
import { useTimeZone } from '@/api/preferences'
import { can, sessionQueries } from '@/api/session'
import { AllowOneCall, useCallingHoursException } from '@/components/allow-one-call'
import { PlacementBlockNotice } from '@/components/placement-block-notice'
import { CONSENT_REASON_ID, consentMissing, recordingNoticeQuery } from '@/components/recording-consent'
import { placementBlock } from '@/lib/placement-block'
import { formatDay, formatFull } from '@/lib/time'
import { useSettled } from '@/lib/use-settled'

// The notice's sentence describes the disabled Place call; one form per page.
const BLOCK_REASON_ID = 'placement-block-reason'

function usePlacementBlock(destination: string | null) {
  const timeZone = useTimeZone()
  const to = useSettled(destination)
  const listed = useQuery({ ...placementCheckQueries.doNotCall(to ?? ''), enabled: to !== null })
  const hours = useQuery({ ...placementCheckQueries.callingHours(to ?? ''), enabled: to !== null })
  const exception = useCallingHoursException(to)
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

/**
 * Why Place call waits, told to the form, whose own button it describes: the console says the number may not be
 * called now, or a recorded call waits for the callee's consent (an id of the sentence saying so), else null.
 * The button itself is the form's, one element from the first paint: a button of this chunk taking a fallback's place
 * lost a press whose mouseup came after the swap (e2e/new-call.spec.ts). Told before paint, so no frame shows it enabled.
 */
export function PlaceCallWait({
  destination,
  record,
  consented,
  onWaitChange,
}: {
  destination: string | null
  record: boolean
  consented: boolean
  onWaitChange: (reasonId: string | null) => void
}) {
  const { block } = usePlacementBlock(destination)
  const notice = useQuery(recordingNoticeQuery(destination, record))
  const waitsForConsent = consentMissing(notice.data, record, consented)
  const reason = block ? BLOCK_REASON_ID : waitsForConsent ? CONSENT_REASON_ID : null
  useLayoutEffect(() => onWaitChange(reason), [reason, onWaitChange])
  return null
}
