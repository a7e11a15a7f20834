// The do-not-call list (issue 52) as its page reads and changes it. Apart from the other queries, so that only the
// page that shows the list loads its schemas.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { apiRequest, apiUrl, errorFromResponse } from './client'
import { CONSOLE_PREFIX, CSRF_HEADER, CSRF_HEADER_VALUE } from './contract/console-schemas'
import { DO_NOT_CALL_PATH, doNotCallChange, doNotCallImportReport, doNotCallPage } from './contract/do-not-call-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

export const doNotCallQueries = {
  all: () => ['do-not-call'] as const,
  /** One page of the list in number order: `q` is digits of the number, `cursor` the page's start. */
  page: (q: string, cursor: string | null) =>
    queryOptions({
      queryKey: [...doNotCallQueries.all(), 'page', { q, cursor }] as const,
      queryFn: ({ signal }) =>
        apiRequest(DO_NOT_CALL_PATH, {
          ...onConsole,
          query: { q: q || undefined, cursor: cursor ?? undefined },
          schema: doNotCallPage,
          signal,
        }),
      // Typing in the search keeps the rows shown until the next ones arrive, instead of a blank table.
      placeholderData: keepPreviousData,
    }),
}

/** An admin lists a number, and says why (shown to whoever tries to call it). */
export const addToDoNotCall = (entry: { phone_number: string; region?: string; reason: string }) =>
  apiRequest(DO_NOT_CALL_PATH, { ...onConsole, method: 'POST', body: entry, schema: doNotCallChange })

/** An admin takes a number off the list, and says why (audited). */
export const removeFromDoNotCall = ({ phoneNumber, reason }: { phoneNumber: string; reason: string }) =>
  apiRequest(`${DO_NOT_CALL_PATH}/${encodeURIComponent(phoneNumber)}`, {
    ...onConsole,
    method: 'DELETE',
    body: { reason },
    schema: doNotCallChange,
  })

/**
 * An admin imports a CSV (a file, or text pasted), sent as it is: the console reads it as it streams, so it is not
 * wrapped in JSON as apiRequest would. `reason` is for the lines without a reason column.
 */
export async function importDoNotCall({ csv, reason }: { csv: Blob | string; reason: string }) {
  const response = await fetch(apiUrl(`${DO_NOT_CALL_PATH}/import`, { reason }, CONSOLE_PREFIX), {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'text/csv', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: csv,
  })
  if (!response.ok) throw await errorFromResponse(response)
  return doNotCallImportReport.parse(await response.json())
}
