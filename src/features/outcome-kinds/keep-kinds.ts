import { useQueryClient } from '@tanstack/react-query'
import type { OutcomeKindsResponse } from '@/api/contract/outcome-kind-schemas'
import { outcomeKindQueries } from '@/api/outcome-kinds'

/** Every change answers with the whole list: it replaces the cached one, for this page and every outcome picker. */
export function useKeepKinds() {
  const queryClient = useQueryClient()
  return (list: OutcomeKindsResponse) => queryClient.setQueryData(outcomeKindQueries.list().queryKey, list)
}
