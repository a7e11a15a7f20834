import { useQuery } from '@tanstack/react-query'
import type { TimeZonePreference } from '@/api/console-schemas'
import { useSavePreferences } from '@/api/preferences'
import { sessionQueries } from '@/api/session'
import { Select } from '@/components/ui/select'
import { browserTimeZone, zoneLabel } from '@/lib/time-zone'

/** Where every time on every page is shown: the browser's zone or UTC, kept with the person's account. */
export function TimeZoneSelect() {
  const { data: session } = useQuery(sessionQueries.current())
  const save = useSavePreferences()
  if (!session) return null
  // While saving, the choice already shows; a failure puts the saved one back and says so.
  const value = save.isPending ? save.variables.timeZone : session.preferences.timeZone
  return (
    <div className="flex items-center gap-2 text-xs">
      <label htmlFor="time-zone" className="whitespace-nowrap text-slate-600 dark:text-slate-400">
        Times in
      </label>
      <Select
        id="time-zone"
        className="h-7 w-auto py-0 text-xs"
        value={value}
        aria-describedby={save.isError ? 'time-zone-error' : undefined}
        onChange={(event) => save.mutate({ timeZone: event.target.value as TimeZonePreference })}
      >
        <option value="browser">Browser zone: {zoneLabel(browserTimeZone())}</option>
        <option value="UTC">UTC</option>
      </Select>
      {save.isError && (
        <span id="time-zone-error" role="alert" className="text-red-700 dark:text-red-400">
          Not saved. Try again.
        </span>
      )}
    </div>
  )
}
