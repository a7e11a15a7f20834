// Places a call exactly once per submission: one Idempotency-Key per form
// state, reused by the automatic retries, by "Try again", and after a reload (pending-placement.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { callQueries, createCall } from '@/api/calls'
import type { CreateCallRequest, CreateCallResponse } from '@/api/contract/schemas'
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
import { clearPendingPlacement, type PendingPlacement, savePendingPlacement } from './pending-placement'

interface PlaceCallVariables {
  body: CreateCallRequest
  key: string
  /** The agent confirmed the callee agreed to be recorded (asked in some countries). */
  recordingConsent: boolean
}

/** A placement sent before a reload, whose same form sent again got the service's first answer. */
export interface ReplayedPlacement {
  call: CreateCallResponse
  sentAt: number
}

export function usePlaceCall({
  onError,
  initialSubmission = null,
  restored = null,
  entry,
}: {
  onError: (error: unknown, submission: Submission | null) => void
  /** A failed submission from before the form was unmounted (see new-call-draft). */
  initialSubmission?: Submission | null
  /** A placement sent before this page was reloaded, its answer unseen. */
  restored?: PendingPlacement | null
  /** The history entry the form is on (see pending-placement.ts). */
  entry?: string
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const submission = useRef<Submission | null>(restored?.submission ?? initialSubmission)
  const sentAt = useRef<number | null>(restored?.sentAt ?? null)
  const [replayed, setReplayed] = useState<ReplayedPlacement | null>(null)
  // A ref, not state: two clicks in one frame must not both start a request.
  const inFlight = useRef(false)
  const abort = useRef<AbortController | null>(null)
  const [retrying, setRetrying] = useState<RetryInfo | null>(null)

  useEffect(() => () => abort.current?.abort(), [])

  const mutation = useMutation({
    mutationFn: ({ body, key, recordingConsent }: PlaceCallVariables) => {
      const controller = new AbortController()
      abort.current = controller
      return sendWithRetries((k, signal) => createCall(body, k, signal, recordingConsent), key, {
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
    onSuccess: (call, { key }) => {
      clearNewCallDraft()
      clearPendingPlacement()
      void queryClient.invalidateQueries({ queryKey: callQueries.lists() })
      // The answer to a placement sent before the reload: the person sent the same form again not knowing it was
      // placed, so the page says it was, rather than open it as if it had just been placed.
      if (restored && key === restored.submission.key) {
        setReplayed({ call, sentAt: restored.sentAt })
        return
      }
      void navigate({ to: '/calls/$callId', params: { callId: call.call_id }, state: placedCallState(call) })
    },
    onError: (error) => onError(error, submission.current),
  })

  function place(body: CreateCallRequest, values: PendingPlacement['values'], recordingConsent = false) {
    if (inFlight.current) return
    inFlight.current = true
    const before = submission.current
    submission.current = submissionFor(before, body)
    if (submission.current !== before || sentAt.current === null) sentAt.current = Date.now()
    savePendingPlacement({ submission: submission.current, values, sentAt: sentAt.current, entry })
    mutation.mutate({ body, key: submission.current.key, recordingConsent })
  }

  /** "Place another": the next Place call is a new intent, with a new key, even for the same form. */
  function startAfresh() {
    submission.current = null
    sentAt.current = null
    setReplayed(null)
    mutation.reset()
    clearPendingPlacement()
  }

  /** The key this form sends now: a draft kept for any reason must carry it, or the next press is a second call. */
  const current = () => submission.current

  return { place, mutation, retrying, replayed, startAfresh, current }
}
