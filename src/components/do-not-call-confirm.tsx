import { RevealedText } from '@/components/revealed-text'

/**
 * Under the outcome "Do not call again": the agent's confirmation that the callee asked, which puts the number on
 * the do-not-call list with the save; once listed, it says so instead.
 */
export function DoNotCallConfirm({
  number,
  listed,
  saved,
  checked,
  onChange,
}: {
  number: string | null
  listed: boolean
  /** The outcome saved is already "Do not call again": without the box ticked, the number is not listed yet. */
  saved: boolean
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  if (listed) return <p className="text-sm font-medium">On the do-not-call list</p>
  return (
    <div className="space-y-1">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <span>Also put {number ? <RevealedText text={number} /> : 'this number'} on the do-not-call list</span>
      </label>
      {saved && !checked && (
        <p className="text-sm text-slate-600 dark:text-slate-400">Not on the do-not-call list yet.</p>
      )}
    </div>
  )
}
