import { BREAKDOWN_DIMENSIONS, type BreakdownDimension } from '@/api/contract/usage-breakdown-schemas'
import { DIMENSION_LABELS } from './dimensions'

/** Radio buttons: every choice in view, one click away, announced as a group. */
export function DimensionPicker({
  value,
  onChange,
}: {
  value: BreakdownDimension
  onChange: (by: BreakdownDimension) => void
}) {
  return (
    <fieldset className="min-w-0 text-sm">
      <legend className="font-medium">Break down by</legend>
      <div className="mt-1 flex flex-wrap rounded-md border border-slate-300 p-0.5 dark:border-slate-700">
        {BREAKDOWN_DIMENSIONS.map((by) => (
          <label
            key={by}
            className="relative cursor-pointer rounded px-3 py-1 has-checked:bg-slate-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-blue-600 dark:has-checked:bg-slate-100 dark:has-checked:text-slate-900"
          >
            <input
              type="radio"
              name="breakdown-by"
              value={by}
              // Over the whole label, unseen: a click anywhere on it lands on the radio itself.
              className="absolute inset-0 cursor-pointer opacity-0"
              checked={value === by}
              onChange={() => onChange(by)}
            />
            {DIMENSION_LABELS[by].choice}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
