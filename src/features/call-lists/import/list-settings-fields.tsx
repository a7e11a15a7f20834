import { useQuery } from '@tanstack/react-query'
import { callerIdQueries } from '@/api/caller-ids'
import type { CallListSettings } from '@/api/contract/call-list-schemas'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { WhoWorksItFields } from '../who-works-it-fields'

type Settings = Omit<CallListSettings, 'name'>

/** How a list's calls are placed and who works it: the caller ID rule, recording, come-back and assignment. */
export function ListSettingsFields({
  value,
  onChange,
  errors,
}: {
  value: Settings
  onChange: (next: Settings) => void
  errors: Record<string, string>
}) {
  const callerIds = useQuery(callerIdQueries.list())
  const verified = (callerIds.data?.caller_ids ?? []).filter((c) => c.verification_status === 'VERIFIED')
  const set = (change: Partial<Settings>) => onChange({ ...value, ...change })
  return (
    <>
      <Field
        label="Caller ID"
        hint="Suggested: for each contact, the verified caller ID that shares most of its number."
        error={errors['settings.callerId']}
      >
        {(control) => (
          <Select {...control} value={value.callerId ?? ''} onChange={(e) => set({ callerId: e.target.value || null })}>
            <option value="">Suggested for each number</option>
            {verified.map((c) => (
              <option key={c.id} value={c.phone_number}>
                {c.phone_number}
                {c.cnam_display_name ? ` (${c.cnam_display_name})` : ''}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={value.record} onChange={(e) => set({ record: e.target.checked })} />
        Record the calls
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Call again after (minutes)"
          hint="When the outcome asks for it (No answer, Busy)."
          error={errors['settings.comeBackMinutes']}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              min={1}
              value={value.comeBackMinutes}
              onChange={(e) => set({ comeBackMinutes: Number(e.target.value) })}
            />
          )}
        </Field>
        <Field label="At most (tries)" error={errors['settings.maxTries']}>
          {(control) => (
            <Input
              {...control}
              type="number"
              min={1}
              value={value.maxTries}
              onChange={(e) => set({ maxTries: Number(e.target.value) })}
            />
          )}
        </Field>
      </div>
      <WhoWorksItFields
        value={value}
        onChange={(assignment) => set(assignment)}
        error={errors['settings.assignees'] ?? errors['settings.everyone']}
      />
    </>
  )
}
