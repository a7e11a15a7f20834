// New call's advice on the caller ID: under the destination, the caller ID it suggests and why
// (caller-id-suggestion.ts), with a button to take it; under the caller ID, a warning that never blocks when the
// chosen one is flagged "answered less than usual". Both are the console's to say: when it cannot, the form works
// as before.
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useMemo } from 'react'
import { callerIdSuggestionQueries } from '@/api/caller-id-suggestion'
import { useTimeZone } from '@/api/preferences'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import type { PhoneValue } from '@/lib/phone'
import { usePhoneFormat } from '@/lib/phone-format'
import { formatDay } from '@/lib/time'
import { suggestCallerId } from './caller-id-suggestion'

const NO_FLAGS: readonly { callerId: string; reason: string }[] = []

/** The caller ID suggested for the destination, once it is a number, and why. */
export function CallerIdSuggestionNote({
  callerIds,
  destination,
  chosen,
  disabled,
  onChoose,
}: {
  /** The verified caller IDs' numbers, in the list's order. */
  callerIds: readonly string[]
  destination: PhoneValue
  chosen: string
  disabled?: boolean
  onChoose: (callerId: string) => void
}) {
  const formatPhone = usePhoneFormat()
  const timeZone = useTimeZone()
  const to = destination.e164
  const lastUsed = useQuery({ ...callerIdSuggestionQueries.lastUsed(to ?? ''), enabled: to !== null })
  const flags = useQuery(callerIdSuggestionQueries.flagged()).data?.flagged ?? NO_FLAGS
  const flagged = useMemo(() => new Set(flags.map((flag) => flag.callerId)), [flags])
  if (!to) return null
  // The note holds its place from the moment the destination is a number: it comes with the console's answer, above
  // Record call and Place call, and a press aimed at them as it arrived met the note instead (a WebKit journey's
  // Record call at load 25, 2026-12-07). Its least height is that of a line with its button.
  const note = (children: ReactNode, busy = false) => (
    <div
      role="status"
      aria-busy={busy}
      className="flex min-h-12.5 flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-slate-200 bg-slate-50 p-2 text-sm dark:border-slate-800 dark:bg-slate-900"
    >
      {children}
    </div>
  )
  const quiet = (text: string) => <p className="text-slate-600 dark:text-slate-400">{text}</p>
  // Once the last use is known (or cannot be), so that the suggestion does not change under the person's eyes.
  if (lastUsed.isPending) return note(quiet('Finding a caller ID to suggest…'), true)
  const suggestion = suggestCallerId({
    destination: to,
    callerIds,
    lastUsed: lastUsed.data?.lastUsed ?? null,
    flagged,
    formatDay: (iso) => formatDay(iso, timeZone),
  })
  // When the last use could not be read, whether one was used is not known: the note says only what it knows.
  if (!suggestion)
    return note(
      quiet(
        lastUsed.isError
          ? 'No caller ID to suggest for this number.'
          : 'No caller ID to suggest: none was used for this number, and none shares its area code or country.',
      ),
    )
  const taken = suggestion.callerId === chosen
  return note(
    <>
      <p>
        {taken ? 'Calling from' : 'Suggested caller ID:'}{' '}
        <span className="font-medium">{formatPhone(suggestion.callerId)}</span>. {suggestion.reason}.
      </p>
      {!taken && (
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={disabled}
          onClick={() => onChoose(suggestion.callerId)}
        >
          Use {formatPhone(suggestion.callerId)}
        </Button>
      )}
    </>,
  )
}

/** A warning, not a refusal, when the chosen caller ID is flagged "answered less than usual". */
export function FlaggedCallerIdWarning({ chosen }: { chosen: string }) {
  const formatPhone = usePhoneFormat()
  const flag = useQuery(callerIdSuggestionQueries.flagged()).data?.flagged.find((f) => f.callerId === chosen)
  if (!flag) return null
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <p>
        <Badge tone="warning">Answered less than usual</Badge> {formatPhone(chosen)}: {flag.reason} People may not pick
        up; you can still place the call, or choose another caller ID.
      </p>
    </div>
  )
}
