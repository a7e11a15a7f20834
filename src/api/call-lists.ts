// Call lists, kept by the console: the queries that name their keys, and the changes (contract: call-list-schemas.ts).
import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from './client'
import {
  assignablePeople,
  CALL_LISTS_PATH,
  type CallListSettings,
  callList,
  callListIndex,
  claimAnswer,
  createdCallList,
  type ImportSource,
  importPreview,
  workContact,
} from './contract/call-list-schemas'
import { CONSOLE_PREFIX } from './contract/console-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }
const listPath = (id: string) => `${CALL_LISTS_PATH}/${encodeURIComponent(id)}`
const contactPath = (listId: string, contactId: string) =>
  `${listPath(listId)}/contacts/${encodeURIComponent(contactId)}`

export const callListQueries = {
  all: () => ['call-lists'] as const,
  list: () =>
    queryOptions({
      queryKey: [...callListQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiRequest(CALL_LISTS_PATH, { ...onConsole, schema: callListIndex, signal }),
      select: (data) => data.lists,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...callListQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => apiRequest(listPath(id), { ...onConsole, schema: callList, signal }),
    }),
  /**
   * The contact this person works on the list: the one they hold, else the next, claimed (a POST: it claims). Read
   * once per contact; Next and Skip read it again.
   */
  claim: (listId: string) =>
    queryOptions({
      queryKey: [...callListQueries.all(), 'claim', listId] as const,
      queryFn: () => claimContact(listId),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
      refetchOnWindowFocus: false,
    }),
  people: () =>
    queryOptions({
      queryKey: [...callListQueries.all(), 'people'] as const,
      queryFn: ({ signal }) =>
        apiRequest(`${CALL_LISTS_PATH}/people`, { ...onConsole, schema: assignablePeople, signal }),
      select: (data) => data.people,
    }),
}

/** A big file takes a while to read and check: longer than a read's usual limit. */
const IMPORT_TIMEOUT_MS = 120_000

export const previewImport = (source: ImportSource) =>
  apiRequest(`${CALL_LISTS_PATH}/preview`, {
    ...onConsole,
    method: 'POST',
    body: source,
    schema: importPreview,
    timeoutMs: IMPORT_TIMEOUT_MS,
  })

export const importCallList = (body: { settings: CallListSettings; source: ImportSource }) =>
  apiRequest(CALL_LISTS_PATH, {
    ...onConsole,
    method: 'POST',
    body,
    schema: createdCallList,
    timeoutMs: IMPORT_TIMEOUT_MS,
  })

export const setPaused = ({ id, paused }: { id: string; paused: boolean }) =>
  apiRequest(`${listPath(id)}/paused`, { ...onConsole, method: 'PUT', body: { paused }, schema: callList })

export const setAssignment = ({ id, everyone, assignees }: { id: string; everyone: boolean; assignees: string[] }) =>
  apiRequest(`${listPath(id)}/assignment`, {
    ...onConsole,
    method: 'PUT',
    body: { everyone, assignees },
    schema: callList,
  })

const claimContact = (listId: string) =>
  apiRequest(`${listPath(listId)}/claim`, { ...onConsole, method: 'POST', schema: claimAnswer })

export const recordListAttempt = ({
  listId,
  contactId,
  callId,
}: {
  listId: string
  contactId: string
  callId: string
}) =>
  apiRequest(`${contactPath(listId, contactId)}/attempts`, {
    ...onConsole,
    method: 'POST',
    body: { callId },
    schema: z.nullable(workContact),
  })

export const releaseListContact = ({ listId, contactId, skip }: { listId: string; contactId: string; skip: boolean }) =>
  apiRequest(`${contactPath(listId, contactId)}/release`, {
    ...onConsole,
    method: 'POST',
    body: { skip },
    schema: z.undefined(),
  })
