import { Link } from '@tanstack/react-router'
import { Button } from '@/components/ui/button'
import { usePhoneFormat } from '@/lib/phone-format'
import { useNow } from '@/lib/use-now'
import type { ReplayedPlacement } from './new-call-submission'
import type { PendingPlacement } from './pending-placement'

const secondsSince = (at: number, now: number) => Math.max(0, Math.round((now - at) / 1000))
const box =
  'max-w-2xl rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950 dark:border-indigo-900 dark:bg-indigo-950 dark:text-indigo-100'

/**
 * What became of a placement sent before this page was reloaded: while unknown, that sending the same form again
 * is safe; once the service answered it, that it was placed, with the call and a way to place another.
 */
export default function PendingPlacementNotice({
  restored,
  replayed,
  onPlaceAnother,
}: {
  restored: PendingPlacement | null
  replayed: ReplayedPlacement | null
  onPlaceAnother: () => void
}) {
  const formatPhone = usePhoneFormat()
  const now = useNow(1000, restored !== null)
  if (replayed) {
    const to = replayed.call.destination ?? restored?.values.destination ?? ''
    return (
      <div role="status" className={box}>
        <p>
          A call to {to ? formatPhone(to) : 'this number'} was placed {secondsSince(replayed.sentAt, now)} s ago:{' '}
          <Link
            to="/calls/$callId"
            params={{ callId: replayed.call.call_id }}
            className="font-medium break-all underline"
          >
            open it
          </Link>
          , or place another.
        </p>
        <Button type="button" variant="secondary" size="sm" className="mt-2" onClick={onPlaceAnother}>
          Place another
        </Button>
      </div>
    )
  }
  if (!restored) return null
  return (
    <p className={box}>
      The page was reloaded while a call to {formatPhone(restored.values.destination)} was being placed,{' '}
      {secondsSince(restored.sentAt, now)} s ago. The form is as it was: place the call again to see whether it was
      placed. It will not be placed twice.
    </p>
  )
}
