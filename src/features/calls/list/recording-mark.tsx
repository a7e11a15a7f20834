import { Tooltip } from '@/components/ui/tooltip'

/**
 * Whether a call has a recording, as the index knows it: a microphone named "Has a recording", nothing
 * for a call without one, and "Not known yet" while the call's details are still to be indexed.
 */
export function RecordingMark({ hasRecording }: { hasRecording: boolean | null | undefined }) {
  if (hasRecording === false) return <span className="sr-only">No recording</span>
  if (hasRecording == null)
    return (
      <Tooltip tip="The call's details are not indexed yet." className="text-slate-500 dark:text-slate-400">
        <span aria-hidden="true">…</span>
        <span className="sr-only">Not known yet</span>
      </Tooltip>
    )
  return (
    <svg
      role="img"
      aria-label="Has a recording"
      viewBox="0 0 24 24"
      className="size-4 text-indigo-700 dark:text-indigo-300"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <title>Has a recording</title>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </svg>
  )
}
