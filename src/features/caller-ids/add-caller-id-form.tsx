import { type FormEvent, useRef, useState } from 'react'
import { isApiError } from '@/api/client'
import type { StartVerificationResponse } from '@/api/schemas'
import { PhoneInput } from '@/components/phone-input'
import { Button } from '@/components/ui/button'
import { type Submission, submissionFor } from '@/lib/idempotent-submit'
import { EMPTY_PHONE, type PhoneValue } from '@/lib/phone'
import { RetryNotice } from './retry-notice'
import { StartError } from './start-error'
import { useStartVerification } from './use-start-verification'

export function AddCallerIdForm({
  timeoutMs,
  onStarted,
}: {
  timeoutMs: number
  onStarted: (started: StartVerificationResponse) => void
}) {
  const [phone, setPhone] = useState<PhoneValue>(EMPTY_PHONE)
  const [invalid, setInvalid] = useState<string | null>(null)
  // Remounting the phone input is how a successful submit clears it.
  const [inputGeneration, setInputGeneration] = useState(0)
  // One Idempotency-Key per submission: retries and Retry resend it, a changed number gets a new one.
  const submission = useRef<Submission | null>(null)
  const { mutation: start, retrying } = useStartVerification({
    onStarted: (started) => {
      submission.current = null
      setPhone(EMPTY_PHONE)
      setInputGeneration((n) => n + 1)
      onStarted(started)
    },
  })

  function send(phoneNumber: string) {
    submission.current = submissionFor(submission.current, { phone_number: phoneNumber })
    start.mutate({ phoneNumber, key: submission.current.key, timeoutMs })
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (start.isPending) return
    if (!phone.e164) {
      setInvalid(phone.error ?? 'Enter the phone number to verify.')
      return
    }
    setInvalid(null)
    send(phone.e164)
  }

  const fieldError = isApiError(start.error) ? start.error.fieldErrors.phone_number : undefined
  return (
    <form noValidate onSubmit={onSubmit} className="max-w-xl space-y-4" aria-label="Add caller ID">
      <PhoneInput
        key={inputGeneration}
        label="Phone number"
        previewPrefix="Will call"
        error={invalid ?? fieldError ?? null}
        announceError
        disabled={start.isPending}
        onChange={(value) => {
          setPhone(value)
          setInvalid(null)
          if (!start.isPending) start.reset()
        }}
      />
      <Button type="submit" disabled={start.isPending}>
        {start.isPending ? 'Starting…' : 'Start verification'}
      </Button>
      <RetryNotice retrying={retrying} />
      {start.isError && !fieldError && (
        <StartError
          error={start.error}
          onRetry={() => {
            if (start.variables) start.mutate(start.variables)
          }}
        />
      )}
    </form>
  )
}
