// Before a recorded call (issue 52): the reminder to tell the callee (CONSOLE_RECORDING_NOTICE), and, where the
// callee's country asks for it (CONSOLE_RECORDING_CONSENT_REGIONS), the agent's confirmation that the callee agreed,
// without which Place call waits. New call and a call list's work page show it alike; the console refuses such a
// placement without the confirmation whatever the page says.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { RecordingNoticeAnswer } from '@/api/contract/recording-notice-schemas'
import { placementCheckQueries } from '@/api/placement-checks'
import { useSettled } from '@/lib/use-settled'

// The sentence describes the disabled Place call; one such notice per page.
export const CONSENT_REASON_ID = 'recording-consent-reason'

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })

/** Place call waits: the call is recorded, the callee's country asks for consent, and the agent has not confirmed it. */
export function consentMissing(answer: RecordingNoticeAnswer | undefined, record: boolean, consented: boolean) {
  return record && answer?.consent_required === true && !consented
}

/**
 * What the page asks of the console before a recorded call to `destination`. Asked before Record call is ticked too,
 * so that the reminder appears with the tick: fetched after it, it moved Place call down under a pointer already on
 * its way, which then pressed Add metadata (the WebKit journey did). The last answer stands while the next is asked.
 */
export const recordingNoticeQuery = (destination: string | null, enabled = true) => ({
  ...placementCheckQueries.recordingNotice(destination),
  enabled,
  placeholderData: keepPreviousData,
})

export function RecordingConsentNotice({
  destination,
  record,
  consented,
  onConsentedChange,
  disabled = false,
  askedUnticked = false,
}: {
  /** E.164, or null while there is no number yet (the reminder alone). */
  destination: string | null
  record: boolean
  consented: boolean
  onConsentedChange: (consented: boolean) => void
  disabled?: boolean
  /** Ask the console while the call is not recorded yet (New call's box), so that the tick shows the answer at once. */
  askedUnticked?: boolean
}) {
  // Unticked, the console is asked once typing settles, as New call's other checks are (not once per valid prefix
  // of a longer number); ticked, at once.
  const settled = useSettled(destination)
  const { data: answer } = useQuery(recordingNoticeQuery(record ? destination : settled, record || askedUnticked))
  if (!record || !answer || !(answer.notice || answer.consent_required)) return null
  const country = answer.country ? (regionNames.of(answer.country) ?? answer.country) : null
  return (
    <div
      role="note"
      aria-label="Recording"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      {answer.notice && <p className="font-semibold">Tell the callee the call is recorded</p>}
      {answer.consent_required && (
        <>
          <p id={CONSENT_REASON_ID}>
            Calls to {country ?? 'this country'} are recorded only with the callee’s consent: confirm they agreed before
            you place the call.
          </p>
          {/* A plain label: Field would split the pages' shared label-and-input chunk in two (npm run test:size). */}
          <label className="flex items-center gap-2 font-medium">
            <input
              type="checkbox"
              required
              checked={consented}
              disabled={disabled}
              onChange={(event) => onConsentedChange(event.target.checked)}
              className="size-4 accent-indigo-600"
            />
            The callee agreed to be recorded
          </label>
        </>
      )}
    </div>
  )
}
