import { useQuery } from '@tanstack/react-query'
import { callerIdQueries } from '@/api/caller-ids'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { usePhoneFormat } from '@/lib/phone-format'

/**
 * A filter by caller ID: the account's caller IDs, those the page already shows (one since removed
 * from the account still has calls), and the chosen one, so a link's choice is never lost.
 */
export function CallerIdFilter({
  value,
  onChange,
  seen = [],
  disabled,
  describedBy,
}: {
  value: string | undefined
  onChange: (callerId: string | undefined) => void
  seen?: readonly string[]
  disabled?: boolean
  describedBy?: string
}) {
  const formatPhone = usePhoneFormat()
  const verified = useQuery(callerIdQueries.list()).data?.caller_ids.map((item) => item.phone_number) ?? []
  const callerIds = [...new Set([...verified, ...seen, ...(value ? [value] : [])])].sort()
  return (
    <Label size="sm">
      Caller ID
      <Select
        className="mt-1 block"
        value={value ?? ''}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">All caller IDs</option>
        {callerIds.map((number) => (
          <option key={number} value={number}>
            {formatPhone(number)}
          </option>
        ))}
      </Select>
    </Label>
  )
}
