import { useId, useState } from 'react'
import type { CallerIdListItem } from '@/api/contract/schemas'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { filterCallerIds } from '@/lib/caller-id-match'
import { formatNumber } from '@/lib/format'
import { isBlank, revealHidden } from '@/lib/hidden-characters'
import { usePhoneFormat } from '@/lib/phone-format'

/** Up to this many, the list is read at a glance and needs no search. */
const SEARCH_FROM = 10
/** Options drawn at most: a longer list is for typing into, not scrolling. */
const MOST_OPTIONS = 200

/**
 * The caller ID to call from. With many, a search by number or name narrows the list below it (Enter takes the
 * first match); the chosen one stays in the list whatever the search, so it is never changed behind one's back.
 */
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
  const [query, setQuery] = useState('')
  const countId = useId()
  const searchable = callerIds.length > SEARCH_FROM
  const found = searchable ? filterCallerIds(callerIds, query) : callerIds
  const listed = found.slice(0, MOST_OPTIONS)
  const chosen = callerIds.find((callerId) => callerId.phone_number === value)
  const options = chosen && !listed.includes(chosen) ? [chosen, ...listed] : listed
  return (
    <div className="flex flex-col gap-2">
      {searchable && (
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${countId}-search`}>Find by number or name</Label>
          <Input
            id={`${countId}-search`}
            type="search"
            className="max-w-sm"
            value={query}
            disabled={disabled}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            aria-describedby={countId}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return
              // Enter picks, never places the call.
              event.preventDefault()
              if (found[0]) onChange(found[0].phone_number)
            }}
          />
          <p id={countId} role="status" className="text-xs text-slate-600 dark:text-slate-400">
            {searchWords(found.length, listed.length, callerIds.length, query.trim())}
          </p>
        </div>
      )}
      <Field id="caller-id" label="Caller ID" hint="The number and name the person you call will see." error={error}>
        {(control) => (
          <Select {...control} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
            {options.map((callerId) => (
              <option key={callerId.id} value={callerId.phone_number}>
                {formatPhone(callerId.phone_number)} · {nameOf(callerId)}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  )
}

function searchWords(found: number, listed: number, all: number, query: string): string {
  const more = found > listed ? `; the first ${formatNumber(listed)} are listed, type more to narrow` : ''
  if (!query) return `${formatNumber(all)} caller IDs${more}. Type to narrow the list; Enter takes the first.`
  if (found === 0) return `No caller ID matches “${query}”.`
  return `${formatNumber(found)} of ${formatNumber(all)} match${more}. Enter takes the first.`
}

/** An option holds text only: hidden characters as their tokens, a blank name said. */
function nameOf(callerId: CallerIdListItem): string {
  const name = callerId.cnam_display_name
  return isBlank(name) ? 'No name' : revealHidden(name ?? '')
}
