import { useQuery } from '@tanstack/react-query'
import { outcomeKindQueries } from '@/api/outcome-kinds'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import type { CallsSearch } from './calls-search'

interface FilterProps {
  search: CallsSearch
  apply: (change: Partial<CallsSearch>) => void
  disabled: boolean
  describedBy?: string
}

/** The outcome recorded after the call (issue 51): any, none yet, or one of the kinds admins keep. */
export default function OutcomeFilter({ search, apply, disabled, describedBy }: FilterProps) {
  const kinds = useQuery({ ...outcomeKindQueries.list(), enabled: !disabled }).data ?? []
  return (
    <Label size="sm">
      Outcome
      <Select
        className="mt-1 block"
        value={search.outcome ?? ''}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => apply({ outcome: e.target.value || undefined })}
      >
        <option value="">Any outcome</option>
        <option value="none">No outcome yet</option>
        {kinds.map((kind) => (
          <option key={kind.id} value={kind.id}>
            {kind.label}
            {kind.archived ? ' (archived)' : ''}
          </option>
        ))}
        {/* A link's choice stays visible before the list is in. */}
        {search.outcome && search.outcome !== 'none' && !kinds.some((kind) => kind.id === search.outcome) && (
          <option value={search.outcome}>{search.outcome}</option>
        )}
      </Select>
    </Label>
  )
}
