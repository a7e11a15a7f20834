// Saved views of the calls page, kept by the console: the query that names their key, and the changes.
import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from './client'
import { CALL_INDEX_PATHS } from './contract/call-index-schemas'
import { CONSOLE_PREFIX } from './contract/console-schemas'
import { type SavedViewInput, savedView, savedViewList } from './contract/saved-view-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }
const viewPath = (id: string) => `${CALL_INDEX_PATHS.views}/${encodeURIComponent(id)}`

export const savedViewQueries = {
  all: () => ['saved-views'] as const,
  list: () =>
    queryOptions({
      queryKey: savedViewQueries.all(),
      queryFn: ({ signal }) => apiRequest(CALL_INDEX_PATHS.views, { ...onConsole, schema: savedViewList, signal }),
      select: (data) => data.views,
    }),
}

/** Saves a view once per Idempotency-Key: the same key sent again answers the view it saved. */
export const saveView = ({ body, idempotencyKey }: { body: SavedViewInput; idempotencyKey: string }) =>
  apiRequest(CALL_INDEX_PATHS.views, {
    ...onConsole,
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: savedView,
  })

export const changeView = ({ id, ...body }: SavedViewInput & { id: string }) =>
  apiRequest(viewPath(id), { ...onConsole, method: 'PUT', body, schema: savedView })

export const deleteView = (id: string) =>
  apiRequest(viewPath(id), { ...onConsole, method: 'DELETE', schema: z.undefined() })
