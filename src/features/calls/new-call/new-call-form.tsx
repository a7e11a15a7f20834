import { lazy, Suspense, useState } from 'react'
import { isApiError } from '@/api/client'
import type { CallerIdListItem } from '@/api/contract/schemas'
import { PhoneInput } from '@/components/phone-input'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { fieldErrorText } from '@/lib/field-error-text'
import { MetadataEditor } from './metadata-editor'
import { CallerIdSelect } from './new-call-caller-id-select'
import { NewCallFeedback } from './new-call-feedback'
import type { NewCallPrefill } from './new-call-prefill'
import { useNewCallForm } from './use-new-call-form'

// Only after a reload during a placement: the form's first JavaScript stays as light.
const PendingPlacementNotice = lazy(() => import('./pending-placement-notice'))
// The caller-ID advice shows once the console answers, after the form: it loads beside that answer, not before the form.
const CallerIdSuggestionNote = lazy(() =>
  import('./caller-id-advice').then((advice) => ({ default: advice.CallerIdSuggestionNote })),
)
const FlaggedCallerIdWarning = lazy(() =>
  import('./caller-id-advice').then((advice) => ({ default: advice.FlaggedCallerIdWarning })),
)
// Do-not-call and calling hours, asked once the destination is a number; until they load, the console still refuses.
const PlacementChecksNotice = lazy(() =>
  import('./placement-checks').then((checks) => ({ default: checks.PlacementChecksNotice })),
)
const PlaceCallWait = lazy(() => import('./placement-checks').then((checks) => ({ default: checks.PlaceCallWait })))
// Only once Record call is ticked: the reminder, and the callee's consent where their country asks for it.
const RecordingConsentNotice = lazy(() =>
  import('@/components/recording-consent').then((notice) => ({ default: notice.RecordingConsentNotice })),
)

/** The new-call form. A failed submission keeps everything typed; "Call again" arrives filled in. */
export function NewCallForm({
  callerIds,
  prefill = null,
  entry,
}: {
  callerIds: CallerIdListItem[]
  prefill?: NewCallPrefill | null
  /** The history entry the form is on: a reload of it finds its own placement. */
  entry?: string
}) {
  const {
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
  } = useNewCallForm(callerIds, prefill, entry)
  // Why Place call waits (the id of the sentence saying so), told by the checks once they load.
  const [waitReason, setWaitReason] = useState<string | null>(null)
  const sending = mutation.isPending
  const failure = mutation.isError && !sending ? mutation.error : null
  const submit = () => void form.handleSubmit()

  return (
    <form
      ref={ref}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      className="flex max-w-2xl flex-col gap-6"
      aria-busy={sending}
    >
      {(restored || replayed) && (
        <Suspense fallback={null}>
          <PendingPlacementNotice
            restored={mutation.isIdle || replayed ? restored : null}
            replayed={replayed}
            onPlaceAnother={startAfresh}
          />
        </Suspense>
      )}
      <form.Field name="callerId">
        {(field) => (
          <CallerIdSelect
            callerIds={callerIds}
            value={field.state.value}
            disabled={sending}
            error={fieldErrorText(field.state.meta)}
            onChange={field.handleChange}
          />
        )}
      </form.Field>
      <form.Subscribe selector={(state) => state.values.callerId}>
        {(callerId) => (
          <Suspense fallback={null}>
            <FlaggedCallerIdWarning chosen={callerId} />
          </Suspense>
        )}
      </form.Subscribe>
      <form.Field name="destination">
        {(field) => (
          <PhoneInput
            id="destination"
            label="Destination"
            defaultValue={initial?.destination}
            checkDefaultValue
            name="destination"
            required
            disabled={sending}
            error={fieldErrorText(field.state.meta)}
            onChange={field.handleChange}
          />
        )}
      </form.Field>
      <form.Subscribe selector={(state) => state.values.destination.e164}>
        {(to) => (
          <Suspense fallback={null}>
            <PlacementChecksNotice destination={to} />
          </Suspense>
        )}
      </form.Subscribe>
      <form.Subscribe selector={(state) => [state.values.callerId, state.values.destination] as const}>
        {([callerId, destination]) => (
          <Suspense fallback={null}>
            <CallerIdSuggestionNote
              callerIds={callerIds.map((c) => c.phone_number)}
              destination={destination}
              chosen={callerId}
              disabled={sending}
              onChoose={(number) => form.setFieldValue('callerId', number)}
            />
          </Suspense>
        )}
      </form.Subscribe>
      <form.Field name="record">
        {(field) => (
          <Field id="record" label="Record call" orientation="horizontal" error={fieldErrorText(field.state.meta)}>
            {(control) => (
              <input
                {...control}
                type="checkbox"
                checked={field.state.value}
                disabled={sending}
                onChange={(event) => field.handleChange(event.target.checked)}
                className="size-4 accent-indigo-600"
              />
            )}
          </Field>
        )}
      </form.Field>
      <form.Subscribe selector={(state) => [state.values.destination.e164, state.values.record] as const}>
        {([to, record]) => (
          // Rendered unticked too (it shows nothing then): its code and the console's answer are in before the tick.
          <Suspense fallback={null}>
            <RecordingConsentNotice
              destination={to}
              record={record}
              askedUnticked
              consented={to !== null && consent.consentFor === to}
              onConsentedChange={(yes) => consent.setConsentFor(yes ? to : null)}
              disabled={sending}
            />
          </Suspense>
        )}
      </form.Subscribe>
      <MetadataEditor form={form} disabled={sending} />
      <NewCallFeedback
        sending={sending}
        retrying={retrying}
        clientInvalid={clientInvalid && !sending}
        failure={failure}
        otherErrors={otherErrors}
        onTryAgain={isApiError(failure) && failure.status === 401 ? undefined : submit}
      />
      <div>
        <form.Subscribe selector={(state) => [state.values.destination.e164, state.values.record] as const}>
          {([to, record]) => (
            <Suspense fallback={null}>
              <PlaceCallWait
                destination={to}
                record={record}
                consented={to !== null && consent.consentFor === to}
                onWaitChange={setWaitReason}
              />
            </Suspense>
          )}
        </form.Subscribe>
        <Button type="submit" disabled={sending || waitReason !== null} aria-describedby={waitReason ?? undefined}>
          Place call
        </Button>
      </div>
    </form>
  )
}
