import type { CallerIdListItem } from '@/api/schemas'
import { FieldError } from '@/components/ui/field-error'

const selectClass =
  'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900 aria-invalid:border-red-600 dark:aria-invalid:border-red-400'

export function CallerIdSelect({
  callerIds,
  value,
  onChange,
  error,
  disabled,
}: {
  callerIds: CallerIdListItem[]
  value: string
  onChange: (phoneNumber: string) => void
  error?: string
  disabled?: boolean
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="caller-id" className="text-sm font-medium">
        Caller ID
      </label>
      <select
        id="caller-id"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'caller-id-hint caller-id-error' : 'caller-id-hint'}
        onChange={(event) => onChange(event.target.value)}
        className={selectClass}
      >
        {callerIds.map((callerId) => (
          <option key={callerId.id} value={callerId.phone_number}>
            {callerId.phone_number} · {callerId.cnam_display_name}
          </option>
        ))}
      </select>
      <p id="caller-id-hint" className="text-sm text-slate-600 dark:text-slate-400">
        The number and name the person you call will see.
      </p>
      <FieldError id="caller-id-error" message={error} />
    </div>
  )
}
