// Places a call exactly once per submission: one Idempotency-Key per form
// state, reused by the automatic retries and by "Try again".
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { callQueries, createCall } from '@/api/calls'
import type { CreateCallRequest } from '@/api/contract/schemas'
import {
  type RetryInfo,
  type Submission,
  sendWithRetries,
  shouldRetrySubmission,
  submissionFor,
  submissionRetryDelay,
} from '@/api/idempotent-submit'
import { placedCallState } from '../shared/placed-call-state'
import { clearNewCallDraft } from './new-call-draft'

interface PlaceCallVariables {
  body: CreateCallRequest
  key: string
}

export function usePlaceCall({
  onError,
  initialSubmission = null,
}: {
  onError: (error: unknown, submission: Submission | null) => void
  /** A failed submission from before the form was unmounted (see new-call-draft). */
  initialSubmission?: Submission | null
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const submission = useRef<Submission | null>(initialSubmission)
  // A ref, not state: two clicks in one frame must not both start a request.
  const inFlight = useRef(false)
  const abort = useRef<AbortController | null>(null)
  const [retrying, setRetrying] = useState<RetryInfo | null>(null)

  useEffect(() => () => abort.current?.abort(), [])

  const mutation = useMutation({
    mutationFn: ({ body, key }: PlaceCallVariables) => {
      const controller = new AbortController()
      abort.current = controller
      return sendWithRetries((k, signal) => createCall(body, k, signal), key, {
        shouldRetry: shouldRetrySubmission,
        retryDelay: submissionRetryDelay,
        onRetry: setRetrying,
        signal: controller.signal,
      })
    },
    onSettled: () => {
      inFlight.current = false
      setRetrying(null)
    },
    onSuccess: (call) => {
      clearNewCallDraft()
      void queryClient.invalidateQueries({ queryKey: callQueries.lists() })
      void navigate({ to: '/calls/$callId', params: { callId: call.call_id }, state: placedCallState(call) })
    },
    onError: (error) => onError(error, submission.current),
  })

  function place(body: CreateCallRequest) {
    if (inFlight.current) return
    inFlight.current = true
    submission.current = submissionFor(submission.current, body)
    mutation.mutate({ body, key: submission.current.key })
  }

  return { place, mutation, retrying }
}
