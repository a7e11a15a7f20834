// Asking for a callback: when (quick choices, or a time in the person's zone, read back in the callee's), and
// whose (the placer's or everyone's). The console checks the time and who may ask.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { askCallback, callbackQueries } from '@/api/callbacks'
import type { CallbackInput } from '@/api/contract/callback-schemas'
import { useTimeZone } from '@/api/preferences'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { errorText } from '@/lib/error-text'
import { zoneLabel } from '@/lib/time-zone'
import { describeDue, instantOfWallClock, nextMorning, wallClockValue } from './callback-time'

const MINUTE = 60_000

export function CallbackForm({
  callId,
  number,
  oversees,
  asked,
  onClose,
}: {
  callId: string
  number: string
  /** A manager or admin asks for the placer; an agent for themselves. */
  oversees: boolean
  /** The outcome says the callee asked for a callback. */
  asked: boolean
  onClose: () => void
}) {
  const zone = useTimeZone()
  const ownerName = useId()
  const zones = useQuery(callbackQueries.timeZones(number)).data ?? []
  const queryClient = useQueryClient()
  const [dueAt, setDueAt] = useState<number | null>(null)
  const [text, setText] = useState('')
  const [owner, setOwner] = useState<CallbackInput['owner']>('placer')
  const ask = useMutation({
    mutationFn: askCallback,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: callbackQueries.all() })
      onClose()
    },
  })
  const fieldErrors = (ask.error as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {}

  const choose = (ms: number) => {
    setDueAt(ms)
    setText(wallClockValue(ms, zone))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (dueAt === null) return
    ask.mutate({ call_id: callId, due_at: new Date(dueAt).toISOString(), owner })
  }
  const theirZone = zones.length === 1 ? zones[0] : undefined

  return (
    <form aria-label="Ask for a callback" onSubmit={submit} className="space-y-3">
      {asked && <p className="font-medium">They asked to be called back: when?</p>}
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Quick times</legend>
        <Button type="button" size="xs" variant="secondary" onClick={() => choose(Date.now() + 5 * MINUTE)}>
          In 5 minutes
        </Button>
        <Button type="button" size="xs" variant="secondary" onClick={() => choose(Date.now() + 60 * MINUTE)}>
          In 1 hour
        </Button>
        {theirZone && (
          <Button
            type="button"
            size="xs"
            variant="secondary"
            onClick={() => choose(nextMorning(Date.now(), theirZone))}
          >
            Their next 10:00
          </Button>
        )}
      </fieldset>
      <Field
        label={`Time (yours: ${zoneLabel(zone)})`}
        error={fieldErrors.due_at ?? null}
        hint={dueAt === null ? 'Choose a quick time or type one.' : describeDue(dueAt, zones, zone)}
      >
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            value={text}
            onChange={(event) => {
              setText(event.target.value)
              setDueAt(instantOfWallClock(event.target.value, zone))
            }}
          />
        )}
      </Field>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Whose callback</legend>
        <label className="mr-4 inline-flex items-center gap-2 text-sm">
          <input type="radio" name={ownerName} checked={owner === 'placer'} onChange={() => setOwner('placer')} />
          {oversees ? 'The caller’s (who placed the call)' : 'Mine'}
        </label>
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="radio" name={ownerName} checked={owner === 'everyone'} onChange={() => setOwner('everyone')} />
          Everyone’s
        </label>
      </fieldset>
      {ask.isError && !fieldErrors.due_at && <FormError>{errorText(ask.error)}</FormError>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={dueAt === null || ask.isPending}>
          Schedule callback
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          Not now
        </Button>
      </div>
    </form>
  )
}
