import { useQuery } from '@tanstack/react-query'
import { callListQueries } from '@/api/call-lists'
import type { CallListSettings } from '@/api/contract/call-list-schemas'
import { FormError } from '@/components/ui/form-error'

export type Assignment = Pick<CallListSettings, 'everyone' | 'assignees'>

/** Who works a list: everyone who places calls, or the people ticked. The import and the list's page ask alike. */
export function WhoWorksItFields({
  value,
  onChange,
  error,
}: {
  value: Assignment
  onChange: (next: Assignment) => void
  error?: string
}) {
  const people = useQuery(callListQueries.people())
  const set = (change: Partial<Assignment>) => onChange({ ...value, ...change })
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Who works it</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name="works-it" checked={value.everyone} onChange={() => set({ everyone: true })} />
        Everyone who places calls
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name="works-it" checked={!value.everyone} onChange={() => set({ everyone: false })} />
        These people
      </label>
      {!value.everyone && (
        <ul className="ml-6 space-y-1">
          {(people.data ?? []).map((person) => (
            <li key={person.userId}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={value.assignees.includes(person.userId)}
                  onChange={(e) =>
                    set({
                      assignees: e.target.checked
                        ? [...value.assignees, person.userId]
                        : value.assignees.filter((id) => id !== person.userId),
                    })
                  }
                />
                {person.email}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && <FormError>{error}</FormError>}
    </fieldset>
  )
}
