// The outcomes people choose from after a call (issue 51), as admins keep them: the call page's form and the
// calls list's Outcome filter read them. Apart from call-work.ts, so the list loads no more than this.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { CONSOLE_PREFIX } from './contract/console-schemas'
import { OUTCOME_KINDS_PATH, outcomeKindsResponse } from './contract/outcome-kind-schemas'

export const outcomeKindQueries = {
  all: () => ['outcome-kinds'] as const,
  list: () =>
    queryOptions({
      queryKey: outcomeKindQueries.all(),
      queryFn: ({ signal }) =>
        apiRequest(OUTCOME_KINDS_PATH, { prefix: CONSOLE_PREFIX, schema: outcomeKindsResponse, signal }),
      select: (data) => data.outcome_kinds,
      // Admins change the list seldom; a page opened later reads it again.
      staleTime: 5 * 60_000,
    }),
}
