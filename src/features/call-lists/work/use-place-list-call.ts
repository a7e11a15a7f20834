// Places a contact's call exactly once per try: the try's Idempotency-Key comes from the server (the contact, its
// tries so far, the person), so a double press, an automatic retry or a reload mid-placement sends the same key
// and the service answers with the first call. Then the call is recorded on the contact, once per call id.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { callListQueries, recordListAttempt } from '@/api/call-lists'
import { callQueries, createCall } from '@/api/calls'
import { type CallList, type ClaimAnswer, LIST_METADATA_KEYS, type WorkContact } from '@/api/contract/call-list-schemas'
import type { CreateCallRequest } from '@/api/contract/schemas'
import { type RetryInfo, sendWithRetries, shouldRetrySubmission, submissionRetryDelay } from '@/api/idempotent-submit'

const retries = { shouldRetry: shouldRetrySubmission, retryDelay: submissionRetryDelay }

/** The placement the list asks for: its caller ID (or the suggestion), its recording, the contact's metadata. */
export function placementOf(list: CallList, contact: WorkContact, callerId: string): CreateCallRequest {
  return {
    caller_id: callerId,
    destination: contact.number,
    record: list.record,
    metadata: { ...contact.metadata, [LIST_METADATA_KEYS.list]: list.id, [LIST_METADATA_KEYS.contact]: contact.id },
  }
}

export function usePlaceListCall(listId: string) {
  const queryClient = useQueryClient()
  // A ref, not state: two presses in one frame must not both start a request.
  const inFlight = useRef(false)
  const [retrying, setRetrying] = useState<RetryInfo | null>(null)
  const mutation = useMutation({
    mutationFn: async ({
      contact,
      body,
      consent,
    }: {
      contact: WorkContact
      body: CreateCallRequest
      consent: boolean
    }) => {
      const call = await sendWithRetries((key, signal) => createCall(body, key, signal, consent), contact.attemptKey, {
        ...retries,
        onRetry: setRetrying,
      })
      return sendWithRetries(
        () => recordListAttempt({ listId, contactId: contact.id, callId: call.call_id }),
        contact.attemptKey,
        { ...retries, onRetry: setRetrying },
      )
    },
    onSuccess: (contact) => {
      queryClient.setQueryData<ClaimAnswer>(callListQueries.claim(listId).queryKey, (answer) =>
        answer && contact ? { ...answer, contact } : answer,
      )
      void queryClient.invalidateQueries({ queryKey: callQueries.lists() })
    },
    onSettled: () => {
      inFlight.current = false
      setRetrying(null)
    },
  })

  /** `consent`: the agent confirmed the callee agreed to be recorded (asked in some countries). */
  function place(contact: WorkContact, body: CreateCallRequest, consent = false) {
    if (inFlight.current || contact.placedCallId !== null) return
    inFlight.current = true
    mutation.mutate({ contact, body, consent })
  }

  return { place, mutation, retrying }
}
