import { useQuery } from '@tanstack/react-query'
import type { TimeZonePreference } from '@/api/contract/console-schemas'
import { useSavePreferences } from '@/api/preferences'
import { sessionQueries } from '@/api/session'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { browserTimeZone, zoneLabel } from '@/lib/time-zone'

/**
 * Where every time on every page is shown: the browser's zone or UTC, kept with the person's account.
 * Two buttons, not a select: a closed select changes (and here saved) on an arrow key while a keyboard
 * user only moved through the menu. A zone changes only when a button is pressed; Tab moves past both.
 */
export function TimeZoneChoice() {
  const { data: session } = useQuery(sessionQueries.current())
  const save = useSavePreferences()
  if (!session) return null
  // While saving, the choice already shows; a failure puts the saved one back and says so.
  const chosen = save.isPending ? save.variables.timeZone : session.preferences.timeZone
  const choices: { value: TimeZonePreference; label: string }[] = [
    { value: 'browser', label: `Browser zone: ${zoneLabel(browserTimeZone())}` },
    { value: 'UTC', label: 'UTC' },
  ]
  return (
    <fieldset aria-describedby={save.isError ? 'time-zone-error' : undefined} className="space-y-1 text-xs">
      <legend className="mb-1 text-slate-600 dark:text-slate-400">Times in</legend>
      <div className="flex flex-wrap gap-1">
        {choices.map(({ value, label }) => (
          <Button
            key={value}
            variant="secondary"
            size="xs"
            aria-pressed={chosen === value}
            // A long zone name wraps inside the menu rather than running past its edge.
            className={cn(
              'h-auto min-h-7 max-w-full py-1 text-left whitespace-normal wrap-anywhere',
              chosen === value &&
                'border-indigo-600 bg-indigo-50 text-indigo-900 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-100',
            )}
            onClick={() => {
              if (chosen !== value) save.mutate({ timeZone: value })
            }}
          >
            {label}
          </Button>
        ))}
      </div>
      {save.isError && (
        <p id="time-zone-error" role="alert" className="text-red-700 dark:text-red-400">
          Not saved. Try again.
        </p>
      )}
    </fieldset>
  )
}
