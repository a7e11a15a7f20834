// Starting a verification from the form or from "Start again": one mutation
// that retries by itself and says so, and stops when its component goes away.
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { StartVerificationResponse } from '@/api/contract/schemas'
import type { RetryInfo } from '@/api/idempotent-submit'
import { requestVerification } from './request-verification'

export interface StartVerificationVariables {
  phoneNumber: string
  /** The submission's Idempotency-Key: every retry, automatic or by hand, sends it again. */
  key: string
  timeoutMs: number
}

export function useStartVerification({ onStarted }: { onStarted: (started: StartVerificationResponse) => void }) {
  const abort = useRef<AbortController | null>(null)
  const [retrying, setRetrying] = useState<RetryInfo | null>(null)

  useEffect(() => () => abort.current?.abort(), [])

  const mutation = useMutation({
    mutationFn: ({ phoneNumber, key, timeoutMs }: StartVerificationVariables) => {
      const controller = new AbortController()
      abort.current = controller
      return requestVerification(phoneNumber, key, timeoutMs, { onRetry: setRetrying, signal: controller.signal })
    },
    onSettled: () => setRetrying(null),
    onSuccess: onStarted,
  })
  return { mutation, retrying }
}
