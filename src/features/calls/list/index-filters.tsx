// The filters only the console's index answers: who placed the call, its outcome, its caller ID, recording, voicemail
// drop and duration. Disabled, with the reason, when the list comes from the voice API.

import { useQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { callIndexQueries } from '@/api/call-index'
import { sessionQueries } from '@/api/session'
import { CallerIdFilter } from '@/components/caller-id-filter'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { revealHidden } from '@/lib/hidden-characters'
import type { CallsSearch } from './calls-search'
import { outcomeFilterPart } from './outcome-filter-part'
import { useDebouncedParam } from './use-debounced-param'

const wrapped = 'mt-1 block'
const OutcomeFilter = outcomeFilterPart.Component

const yesNo = (value: boolean | undefined) => (value === undefined ? '' : String(value))
const fromYesNo = (value: string) => (value === '' ? undefined : value === 'true')

interface FilterProps {
  search: CallsSearch
  apply: (change: Partial<CallsSearch>) => void
  disabled: boolean
  describedBy?: string
}

function PlacedByFilter({ search, apply, disabled, describedBy }: FilterProps) {
  const me = useQuery(sessionQueries.current()).data?.user
  const people = useQuery({ ...callIndexQueries.placers(), enabled: !disabled }).data?.people ?? []
  const others = people.filter((person) => person.userId !== me?.id)
  const known = search.placed_by === undefined || search.placed_by === 'api' || search.placed_by === me?.id
  return (
    <Label size="sm">
      Placed by
      <Select
        className={wrapped}
        value={search.placed_by ?? ''}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => apply({ placed_by: e.target.value || undefined })}
      >
        <option value="">Anyone</option>
        {me && <option value={me.id}>Me ({revealHidden(me.email)})</option>}
        <option value="api">Outside this console (API)</option>
        {others.map((person) => (
          <option key={person.userId} value={person.userId}>
            {revealHidden(person.email)}
          </option>
        ))}
        {/* A link's choice stays visible before the list is in, or after its person left. */}
        {!known && !others.some((person) => person.userId === search.placed_by) && (
          <option value={search.placed_by}>Someone else</option>
        )}
      </Select>
    </Label>
  )
}

function YesNoFilter({
  label,
  any,
  yes,
  no,
  value,
  onChange,
  disabled,
  describedBy,
}: {
  label: string
  any: string
  yes: string
  no: string
  value: boolean | undefined
  onChange: (value: boolean | undefined) => void
  disabled: boolean
  describedBy?: string
}) {
  return (
    <Label size="sm">
      {label}
      <Select
        className={wrapped}
        value={yesNo(value)}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => onChange(fromYesNo(e.target.value))}
      >
        <option value="">{any}</option>
        <option value="true">{yes}</option>
        <option value="false">{no}</option>
      </Select>
    </Label>
  )
}

/** Seconds typed as a whole number; anything else clears the bound. */
function SecondsFilter({
  label,
  placeholder,
  value,
  onChange,
  disabled,
  describedBy,
}: {
  label: string
  placeholder: string
  value: number | undefined
  onChange: (seconds: number | undefined) => void
  disabled: boolean
  describedBy?: string
}) {
  const { text, setText, applyNow } = useDebouncedParam(value === undefined ? '' : String(value), (typed) => {
    const seconds = Number(typed)
    onChange(typed.trim() !== '' && Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined)
  })
  return (
    <Input
      type="number"
      inputMode="numeric"
      min={0}
      max={86_400}
      step={1}
      className="w-20"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      disabled={disabled}
      aria-describedby={describedBy}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') applyNow(text)
      }}
    />
  )
}

export function IndexFilters(props: FilterProps) {
  const { search, apply, disabled, describedBy } = props
  const shared = { disabled, describedBy }
  return (
    <>
      <PlacedByFilter {...props} />
      <Suspense fallback={null}>
        <OutcomeFilter {...props} />
      </Suspense>
      <CallerIdFilter value={search.caller_id} onChange={(caller_id) => apply({ caller_id })} {...shared} />
      <YesNoFilter
        label="Recording"
        any="With or without"
        yes="Has a recording"
        no="No recording"
        value={search.has_recording}
        onChange={(has_recording) => apply({ has_recording })}
        {...shared}
      />
      <YesNoFilter
        label="Voicemail drop"
        any="With or without"
        yes="Voicemail drop"
        no="No voicemail drop"
        value={search.voicemail_drop}
        onChange={(voicemail_drop) => apply({ voicemail_drop })}
        {...shared}
      />
      <fieldset className="text-xs">
        <legend className="font-medium text-slate-700 dark:text-slate-300">Duration (seconds)</legend>
        <div className="mt-1 flex items-center gap-1">
          <SecondsFilter
            label="Minimum duration in seconds"
            placeholder="from"
            value={search.min_duration}
            onChange={(min_duration) => apply({ min_duration })}
            {...shared}
          />
          <span aria-hidden="true">–</span>
          <SecondsFilter
            label="Maximum duration in seconds"
            placeholder="to"
            value={search.max_duration}
            onChange={(max_duration) => apply({ max_duration })}
            {...shared}
          />
        </div>
      </fieldset>
    </>
  )
}
