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

const onConsole = { prefix: CONSOLE_PREFIX }

/** An admin adds an outcome (at the end of the list); the answer is the whole list, as the server keeps it. */
export const addOutcomeKind = (kind: { id: string; label: string; comes_back: boolean; asks_callback: boolean }) =>
  apiRequest(OUTCOME_KINDS_PATH, { ...onConsole, method: 'POST', body: kind, schema: outcomeKindsResponse })

/** An admin renames, moves (0 is first), archives or restores an outcome, or changes its flags. */
export const changeOutcomeKind = ({
  id,
  change,
}: {
  id: string
  change: { label?: string; position?: number; archived?: boolean; comes_back?: boolean; asks_callback?: boolean }
}) =>
  apiRequest(`${OUTCOME_KINDS_PATH}/${encodeURIComponent(id)}`, {
    ...onConsole,
    method: 'PATCH',
    body: change,
    schema: outcomeKindsResponse,
  })
