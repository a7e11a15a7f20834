import type { CallerIdListItem } from '@/api/contract/schemas'
import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { usePhoneFormat } from '@/lib/phone-format'

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
  const formatPhone = usePhoneFormat()
  return (
    <Field id="caller-id" label="Caller ID" hint="The number and name the person you call will see." error={error}>
      {(control) => (
        <Select {...control} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          {callerIds.map((callerId) => (
            <option key={callerId.id} value={callerId.phone_number}>
              {formatPhone(callerId.phone_number)} · {callerId.cnam_display_name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  )
}
