// The new-call form's state: TanStack Form holds the values and their errors,
// usePlaceCall sends them exactly once, and the draft brings them back after a 401.
// "Call again" or a link starts the form from a prefill instead, which wins: it is what the person just asked for,
// unless this same page sent its call before a reload (pending-placement.ts).
import { useForm, useStore } from '@tanstack/react-form'
import { useEffect, useState } from 'react'
import type { CallerIdListItem } from '@/api/contract/schemas'
import type { Submission } from '@/api/idempotent-submit'
import { onSessionEnded } from '@/api/session-ended'
import { EMPTY_PHONE, parsePhone } from '@/lib/phone'
import { useFocusFirstInvalid } from '@/lib/use-focus-first-invalid'
import { readNewCallDraft, saveNewCallDraft } from './new-call-draft'
import type { NewCallPrefill } from './new-call-prefill'
import { apiFieldErrors, type NewCallValues, newCallLiveSchema, newCallSubmitSchema } from './new-call-schema'
import { usePlaceCall } from './new-call-submission'
import { placementToRestore, readPendingPlacement } from './pending-placement'

export function useNewCallForm(
  callerIds: CallerIdListItem[],
  prefill: NewCallPrefill | null = null,
  entry: string | undefined = undefined,
) {
  const [draft] = useState(() => (prefill ? null : readNewCallDraft()))
  // A placement sent before this page was reloaded: its form comes back, and sending it again reuses its key.
  const [restored, setRestored] = useState(() =>
    draft ? null : placementToRestore(readPendingPlacement(), { entry, filled: prefill !== null }),
  )
  const initial = restored?.values ?? prefill?.values ?? draft
  // The service's errors that belong to no field, listed in the form's alert.
  const [otherErrors, setOtherErrors] = useState<string[]>([])
  // The number the agent confirmed the callee agreed to be recorded for: another number asks again.
  const [consentFor, setConsentFor] = useState<string | null>(null)
  const { ref, focusFirstInvalid } = useFocusFirstInvalid()

  const {
    place,
    mutation,
    retrying,
    replayed,
    startAfresh: placeAnother,
    current: currentSubmission,
  } = usePlaceCall({
    initialSubmission: draft?.submission,
    restored,
    entry,
    onError: (error, submission) => {
      keepDraft(submission)
      const { fields, other } = apiFieldErrors(error)
      for (const [name, message] of Object.entries(fields)) {
        form.setFieldMeta(name as keyof NewCallValues, (meta) => ({
          ...meta,
          errorMap: { ...meta.errorMap, onServer: message },
        }))
      }
      setOtherErrors(other)
      if (Object.keys(fields).length > 0) focusFirstInvalid()
    },
  })

  const defaultValues: NewCallValues = {
    callerId:
      callerIds.find((c) => c.phone_number === initial?.callerId)?.phone_number ?? callerIds[0]?.phone_number ?? '',
    destination: initial ? parsePhone(initial.destination) : EMPTY_PHONE,
    record: initial?.record ?? false,
    metadataRows: initial?.metadataRows ?? [],
  }
  const form = useForm({
    defaultValues,
    validators: { onChange: newCallLiveSchema, onSubmit: newCallSubmitSchema },
    listeners: {
      // The service's error about a field goes once that field changes; a submit clears them all.
      onChange: ({ fieldApi }) => {
        const root = fieldApi.name.split(/[.[]/)[0] as keyof NewCallValues
        form.setFieldMeta(root, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }))
      },
    },
    onSubmitInvalid: () => {
      setOtherErrors([])
      focusFirstInvalid()
    },
    onSubmit: ({ value }) => {
      setOtherErrors([])
      const { callerId, destination, record, metadataRows } = value
      const body = newCallSubmitSchema.parse(value)
      const values = { callerId, destination: destination.e164 ?? '', record, metadataRows }
      place(body, values, body.record === true && consentFor === body.destination)
    },
  })

  function keepDraft(submission: Submission | null) {
    const { callerId, destination, record, metadataRows } = form.state.values
    saveNewCallDraft({ callerId, destination: destination.e164 ?? '', record, metadataRows, submission })
  }
  // The session can end through another request before the press (the live stream's, a poll): the form goes with
  // the page to sign-in, and comes back as typed, as after a press that met the 401. The key the form would send goes
  // with it (a failed press's, a placement restored after a reload): a draft wins over a pending placement when the
  // form comes back, so a draft without it would make the next press a second call.
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribed once; keepDraft and currentSubmission read when called
  useEffect(() => onSessionEnded(() => keepDraft(currentSubmission())), [])

  // Like the old `submitted && invalid`: the checks' errors, not the service's, after a first attempt.
  const clientInvalid = useStore(
    form.store,
    (state) =>
      state.submissionAttempts > 0 &&
      Object.values(state.fieldMeta).some((meta) => meta?.errorMap.onChange || meta?.errorMap.onSubmit),
  )

  const startAfresh = () => {
    placeAnother()
    setRestored(null)
  }

  const consent = { consentFor, setConsentFor }
  return {
    form,
    ref,
    initial,
    restored,
    replayed,
    startAfresh,
    mutation,
    retrying,
    otherErrors,
    clientInvalid,
    consent,
  }
}

export type NewCallForm = ReturnType<typeof useNewCallForm>['form']
