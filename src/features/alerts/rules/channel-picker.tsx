import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { alertQueries } from '@/api/alerts'

/**
 * Where a rule's firings go: every channel (also those added later), or only the channels ticked. Native radios
 * and checkboxes: the platform's keyboard (arrows between the two choices, Space to tick) and labels.
 * `value`: null for every channel.
 */
export function ChannelPicker({
  value,
  onChange,
  error,
}: {
  value: readonly string[] | null
  onChange: (value: string[] | null) => void
  error: string | undefined
}) {
  const channels = useQuery(alertQueries.channels())
  const errorId = useId()
  const list = channels.data?.channels ?? []
  const chosen = value ?? []
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">Send to</legend>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="radio"
          name="channel-choice"
          className="mt-1"
          checked={value === null}
          onChange={() => onChange(null)}
        />
        <span>
          Every channel
          <span className="block text-slate-600 dark:text-slate-400">Also the channels added later.</span>
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="radio"
          name="channel-choice"
          className="mt-1"
          checked={value !== null}
          onChange={() => onChange([])}
        />
        <span>
          Only the channels ticked
          <span className="block text-slate-600 dark:text-slate-400">
            With none ticked, a firing shows in the banner only.
          </span>
        </span>
      </label>
      {value !== null && (
        <ul className="ml-6 space-y-1" aria-label="Channels">
          {channels.isPending && <li className="text-sm text-slate-600 dark:text-slate-400">Loading the channels…</li>}
          {channels.isError && <li className="text-sm">The channels could not be loaded. Close and try again.</li>}
          {channels.isSuccess && list.length === 0 && (
            <li className="text-sm text-slate-600 dark:text-slate-400">No channel yet: add one under Channels.</li>
          )}
          {list.map((channel) => (
            <li key={channel.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={chosen.includes(channel.id)}
                  onChange={(event) =>
                    onChange(event.target.checked ? [...chosen, channel.id] : chosen.filter((id) => id !== channel.id))
                  }
                />
                <span>
                  {channel.name}{' '}
                  <span className="text-slate-600 dark:text-slate-400">
                    ({channel.kind === 'email' ? 'email' : 'webhook'}
                    {channel.enabled ? '' : ', turned off'})
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  )
}
