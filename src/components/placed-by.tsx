import { PLACED_ELSEWHERE, type PlacedByResponse, type PlacedBy as Placer } from '@/api/contract/placed-by-schemas'
import { Skeleton } from '@/components/ui/skeleton'
import { Tooltip } from '@/components/ui/tooltip'
import { Revealed } from './revealed-text'

export const PLACED_ELSEWHERE_TIP =
  'Placed outside this console: directly through the API, by another system, or before the console recorded who placed calls.'

/**
 * Who placed a call, from the console's record: their email, or "API" for a call the console has
 * no record of. Never a guess: until the answer is in, a placeholder; if it fails, "Not known".
 */
export function PlacedBy({
  callId,
  placedBy,
  failed = false,
}: {
  callId: string
  /** The console's answer for the calls on screen; undefined while it loads. */
  placedBy: PlacedByResponse['placedBy'] | undefined
  failed?: boolean
}) {
  if (!placedBy) {
    if (failed) return <span className="text-slate-600 dark:text-slate-400">Not known</span>
    return (
      <>
        <Skeleton className="inline-block h-4 w-28 align-middle" />
        <span className="sr-only">Loading</span>
      </>
    )
  }
  return <PlacedByName person={placedBy[callId] ?? null} />
}

/** A known placer's email, or "API" (explained on hover and focus) for a call placed outside the console. */
export function PlacedByName({ person }: { person: Placer | null }) {
  if (person) return <Email address={person.email} />
  return <Tooltip tip={PLACED_ELSEWHERE_TIP}>{PLACED_ELSEWHERE}</Tooltip>
}

/** An email that wraps after its @ when the column is narrow (admin@ / demo.test), not mid-word. */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@')
  if (at < 0)
    return (
      <bdi className="wrap-break-word">
        <Revealed text={address} />
      </bdi>
    )
  return (
    <bdi className="wrap-break-word">
      <Revealed text={address.slice(0, at + 1)} />
      <wbr />
      <Revealed text={address.slice(at + 1)} />
    </bdi>
  )
}
