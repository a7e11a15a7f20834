import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { rescheduleCallback } from '@/api/callbacks'
import type { Callback } from '@/api/contract/callback-schemas'
import { useTimeZone } from '@/api/preferences'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { errorText } from '@/lib/error-text'
import { zoneLabel } from '@/lib/time-zone'
import { describeDue, instantOfWallClock, wallClockValue } from './callback-time'

/**
 * A new time for a callback, typed in the person's zone and read back in the callee's. `onMoved` (with the new time in
 * words) once the console took it, and the form closes once the list is fresh; `onClose` also for Keep it.
 */
export function MoveCallback({
  callback,
  onMoved,
  onClose,
}: {
  callback: Callback
  onMoved: (when: string) => Promise<unknown>
  onClose: () => void
}) {
  const zone = useTimeZone()
  const [text, setText] = useState(() => wallClockValue(Date.parse(callback.due_at), zone))
  const dueAt = instantOfWallClock(text, zone)
  const move = useMutation({
    mutationFn: rescheduleCallback,
    onSuccess: async (moved) => {
      await onMoved(describeDue(Date.parse(moved.due_at), moved.time_zones, zone))
      onClose()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (dueAt === null || move.isPending) return
    move.mutate({ id: callback.id, dueAt: new Date(dueAt).toISOString() })
  }
  return (
    <form aria-label="Move the callback" onSubmit={submit} className="flex basis-full flex-wrap items-end gap-2">
      <Field
        label={`New time (yours: ${zoneLabel(zone)})`}
        error={move.isError ? errorText(move.error) : null}
        hint={dueAt === null ? undefined : describeDue(dueAt, callback.time_zones, zone)}
      >
        {(control) => (
          <Input {...control} type="datetime-local" value={text} onChange={(event) => setText(event.target.value)} />
        )}
      </Field>
      <Button type="submit" size="sm" disabled={dueAt === null} aria-disabled={move.isPending}>
        Save time
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onClose}>
        Keep it
      </Button>
    </form>
  )
}
