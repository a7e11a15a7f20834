import { INTEGRATION_EVENT_LABELS, INTEGRATION_EVENTS, type IntegrationEvent } from '@/api/contract/integration-schemas'

/** One checkbox per event, labelled in words with the event's name beside it. */
export function EventChoices({
  chosen,
  onChange,
  error,
}: {
  chosen: readonly IntegrationEvent[]
  onChange: (events: IntegrationEvent[]) => void
  error?: string
}) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'integration-events-error' : undefined}>
      <legend className="text-sm font-medium">Events</legend>
      {INTEGRATION_EVENTS.map((event) => (
        <label key={event} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={chosen.includes(event)}
            onChange={(change) =>
              onChange(
                change.target.checked
                  ? INTEGRATION_EVENTS.filter((e) => e === event || chosen.includes(e))
                  : chosen.filter((e) => e !== event),
              )
            }
          />
          {INTEGRATION_EVENT_LABELS[event]}
          <code className="text-xs text-slate-600 dark:text-slate-400">{event}</code>
        </label>
      ))}
      {error && (
        <p id="integration-events-error" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  )
}
