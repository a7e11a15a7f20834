import type { ReactNode } from 'react'
import { useTimeZone } from '@/api/preferences'
import type { PlacementBlock } from '@/lib/placement-block'
import { formatFull } from '@/lib/time'

/**
 * Why a call may not be placed now (issue 52), before the press: New call and a call list's work page show it above
 * their disabled Place call, which names `reasonId` as its description. `children`: what a person may do about it.
 */
export function PlacementBlockNotice({
  block,
  reasonId,
  children,
}: {
  block: PlacementBlock
  reasonId: string
  children?: ReactNode
}) {
  const timeZone = useTimeZone()
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">
        {block.kind === 'do-not-call' ? 'This number must not be called' : 'Outside the callee’s calling hours'}
      </p>
      <p id={reasonId} className="mt-1">
        {block.sentence}
      </p>
      {block.kind === 'calling-hours' && block.opensAt && (
        <p className="mt-1">Calls open {formatFull(block.opensAt, timeZone)} (your time).</p>
      )}
      {children}
    </div>
  )
}
