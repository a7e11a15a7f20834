import { useForm } from '@tanstack/react-form'
import { useRef, useState } from 'react'
import * as z from 'zod/mini'
import { isApiError } from '@/api/client'
import { type StartVerificationResponse, startVerificationRequest } from '@/api/contract/schemas'
import { type Submission, submissionFor } from '@/api/idempotent-submit'
import { PhoneInput } from '@/components/phone-input'
import { Button } from '@/components/ui/button'
import { fieldErrorText } from '@/lib/field-error-text'
import { EMPTY_PHONE, type PhoneValue } from '@/lib/phone'
import { phoneValueToE164 } from '@/lib/phone-schema'
import { RetryNotice } from './retry-notice'
import { StartError } from './start-error'
import { useStartVerification } from './use-start-verification'

// The contract's phone_number rule, after the phone check's more precise messages.
const phoneNumber = z.pipe(
  phoneValueToE164('Enter the phone number to verify.'),
  startVerificationRequest.shape.phone_number,
)

export function AddCallerIdForm({
  timeoutMs,
  onStarted,
}: {
  timeoutMs: number
  onStarted: (started: StartVerificationResponse) => void
}) {
  // Remounting the phone input is how a successful submit clears it: it keeps what is typed itself.
  const [inputGeneration, setInputGeneration] = useState(0)
  // One Idempotency-Key per submission: retries and Retry resend it, a changed number gets a new one.
  const submission = useRef<Submission | null>(null)
  const { mutation: start, retrying } = useStartVerification({
    onStarted: (started) => {
      submission.current = null
      form.reset()
      setInputGeneration((n) => n + 1)
      onStarted(started)
    },
  })
  const form = useForm({
    defaultValues: { phone: EMPTY_PHONE as PhoneValue },
    onSubmit: ({ value }) => {
      if (start.isPending) return
      const body = { phone_number: phoneNumber.parse(value.phone) }
      submission.current = submissionFor(submission.current, body)
      start.mutate({ phoneNumber: body.phone_number, key: submission.current.key, timeoutMs })
    },
  })

  const serverError = isApiError(start.error) ? start.error.fieldErrors.phone_number : undefined
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
      className="max-w-xl space-y-4"
      aria-label="Add caller ID"
    >
      <form.Field name="phone" validators={{ onSubmit: phoneNumber }}>
        {(field) => (
          <PhoneInput
            key={inputGeneration}
            label="Phone number"
            previewPrefix="Will call"
            error={fieldErrorText(field.state.meta) ?? serverError ?? null}
            announceError
            disabled={start.isPending}
            onChange={(value) => {
              field.handleChange(value)
              if (!start.isPending) start.reset()
            }}
          />
        )}
      </form.Field>
      <Button type="submit" disabled={start.isPending}>
        {start.isPending ? 'Starting…' : 'Start verification'}
      </Button>
      <RetryNotice retrying={retrying} />
      {start.isError && !serverError && (
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
