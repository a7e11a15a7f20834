import { type FormEvent, useEffect, useRef, useState } from 'react'
import { isApiError } from '@/api/client'
import type { CallerIdListItem } from '@/api/schemas'
import { PhoneInput } from '@/components/phone-input'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { EMPTY_PHONE, type PhoneValue, parsePhone } from '@/lib/phone'
import { MetadataEditor } from './metadata-editor'
import type { MetadataRow } from './metadata-validation'
import { CallerIdSelect } from './new-call-caller-id-select'
import { readNewCallDraft, saveNewCallDraft } from './new-call-draft'
import { NewCallFeedback } from './new-call-feedback'
import { usePlaceCall } from './new-call-submission'
import { apiFieldErrors, checkNewCall, type NewCallErrors, type NewCallField } from './new-call-validation'

/** The new-call form. Its state lives here, so a failed submission keeps everything typed. */
export function NewCallForm({ callerIds }: { callerIds: CallerIdListItem[] }) {
  const [draft] = useState(readNewCallDraft)
  const [callerId, setCallerId] = useState(
    callerIds.find((c) => c.phone_number === draft?.callerId)?.phone_number ?? callerIds[0]?.phone_number ?? '',
  )
  const [destination, setDestination] = useState<PhoneValue>(draft ? parsePhone(draft.destination) : EMPTY_PHONE)
  const [record, setRecord] = useState(draft?.record ?? false)
  const [metadataRows, setMetadataRows] = useState<MetadataRow[]>(draft?.metadataRows ?? [])
  const [submitted, setSubmitted] = useState(false)
  // The service's own field errors, each cleared when its field changes.
  const [apiErrors, setApiErrors] = useState<NewCallErrors>({})
  const [apiOther, setApiOther] = useState<string[]>([])
  const [focusRequest, setFocusRequest] = useState(0)
  const form = useRef<HTMLFormElement>(null)

  const { place, mutation, retrying } = usePlaceCall({
    initialSubmission: draft?.submission,
    onError: (error, submission) => {
      saveNewCallDraft({ callerId, destination: destination.e164 ?? '', record, metadataRows, submission })
      const { fields, other } = apiFieldErrors(error)
      setApiErrors(fields)
      setApiOther(other)
      if (Object.keys(fields).length > 0) setFocusRequest((n) => n + 1)
    },
  })
  const sending = mutation.isPending
  const check = checkNewCall({ callerId, destination, record, metadataRows }, { submitted })
  const errors: NewCallErrors = { ...(submitted ? check.errors : {}), ...apiErrors }

  useEffect(() => {
    if (focusRequest > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequest])

  function changed(field: NewCallField) {
    setApiErrors(({ [field]: _cleared, ...rest }) => rest)
  }

  function submit(event?: FormEvent) {
    event?.preventDefault()
    setSubmitted(true)
    setApiErrors({})
    setApiOther([])
    const { body } = checkNewCall({ callerId, destination, record, metadataRows }, { submitted: true })
    if (!body) {
      setFocusRequest((n) => n + 1)
      return
    }
    place(body)
  }

  const clientInvalid = submitted && !check.body && !sending
  const failure = mutation.isError && !sending ? mutation.error : null
  return (
    <form ref={form} noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-6" aria-busy={sending}>
      <CallerIdSelect
        callerIds={callerIds}
        value={callerId}
        disabled={sending}
        error={errors.caller_id}
        onChange={(value) => {
          setCallerId(value)
          changed('caller_id')
        }}
      />
      <PhoneInput
        id="destination"
        label="Destination"
        defaultValue={draft?.destination}
        name="destination"
        required
        disabled={sending}
        error={errors.destination}
        onChange={(value) => {
          setDestination(value)
          changed('destination')
        }}
      />
      <Field id="record" label="Record call" orientation="horizontal" error={errors.record}>
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={record}
            disabled={sending}
            onChange={(event) => {
              setRecord(event.target.checked)
              changed('record')
            }}
            className="size-4 accent-indigo-600"
          />
        )}
      </Field>
      <MetadataEditor
        rows={metadataRows}
        disabled={sending}
        rowErrors={check.metadata.rowErrors}
        error={errors.metadata}
        onChange={(rows) => {
          setMetadataRows(rows)
          changed('metadata')
        }}
      />
      <NewCallFeedback
        sending={sending}
        retrying={retrying}
        clientInvalid={clientInvalid}
        failure={failure}
        otherErrors={apiOther}
        onTryAgain={isApiError(failure) && failure.status === 401 ? undefined : () => submit()}
      />
      <div>
        <Button type="submit" disabled={sending}>
          Place call
        </Button>
      </div>
    </form>
  )
}
