// An admin's one call outside the callee's calling hours (issue 52): asked with a reason (audited), kept by the console
// for 15 minutes, and used by the next placement to the number. New call and a call list's work page offer it alike;
// the answer is kept with the mutation, so Place call is enabled for the number on either page while it lasts.
import { useMutation, useMutationState } from '@tanstack/react-query'
import { useState } from 'react'
import { CALLING_HOURS_EXCEPTION_MS, type CallingHoursException } from '@/api/contract/calling-hours-schemas'
import { allowOneCallOutsideHours, placementCheckQueries } from '@/api/placement-checks'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { errorText } from '@/lib/error-text'

const exceptionKey = (to: string) => [...placementCheckQueries.all(), 'exception', to] as const

/** The exception an admin allowed for `to` on this page, while the console keeps it; else undefined. */
export function useCallingHoursException(to: string | null): CallingHoursException | undefined {
  return useMutationState({
    filters: { mutationKey: exceptionKey(to ?? ''), status: 'success' },
    select: (mutation) => mutation.state.data as CallingHoursException,
  })
    .filter((exception) => Date.parse(exception.expires_at) > Date.now())
    .at(-1)
}

export function AllowOneCall({ to }: { to: string }) {
  const [reason, setReason] = useState('')
  const allow = useMutation({
    mutationKey: exceptionKey(to),
    mutationFn: allowOneCallOutsideHours,
    // Kept as long as the console keeps the exception, so that Place call stays enabled for it.
    gcTime: CALLING_HOURS_EXCEPTION_MS,
  })
  const fieldError = allow.isError ? errorText(allow.error) : null
  return (
    <details className="mt-3 rounded-md border border-red-200 bg-white p-2 text-slate-900 dark:border-red-900 dark:bg-slate-900 dark:text-slate-100">
      <summary className="cursor-pointer font-medium">Allow this one call</summary>
      <div className="mt-2 flex flex-col gap-2">
        <p>The next call to this number in 15 minutes is placed outside the callee’s hours. The reason is audited.</p>
        <Field label="Reason" error={fieldError}>
          {(control) => (
            <Input {...control} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          )}
        </Field>
        <div>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={allow.isPending || reason.trim().length === 0}
            onClick={() => allow.mutate({ phone_number: to, reason })}
          >
            Allow the call
          </Button>
        </div>
      </div>
    </details>
  )
}
