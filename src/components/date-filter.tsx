import { type ChangeEvent, useEffect, useRef } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { isCompleteDate } from '@/lib/local-date'

/**
 * A date input of a list's filters that applies a whole date, or clearing, and ignores the steps
 * in between (a half-typed date, or the year 0002 on the way to 2026). It is uncontrolled, so those
 * steps are not reset on each render; the URL still wins when it changes, as on Back.
 */
export function DateFilter({
  label,
  shown,
  onPick,
  hintId,
}: {
  label: string
  /** The day the URL's bound reads as, in the person's zone ('' for none). */
  shown: string
  onPick: (day: string | undefined) => void
  /** The id of the text that says which zone the days are in. */
  hintId: string
}) {
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (input.current && input.current.value !== shown) input.current.value = shown
  }, [shown])

  function change(event: ChangeEvent<HTMLInputElement>) {
    const { value: picked, validity } = event.target
    // An empty value with badInput is a date partly typed or partly erased, not a cleared field.
    if (picked === '') {
      if (!validity.badInput && shown) onPick(undefined)
    } else if (isCompleteDate(picked) && picked !== shown) onPick(picked)
  }

  return (
    <Label size="sm">
      {label}
      <Input
        ref={input}
        type="date"
        className="mt-1 block"
        defaultValue={shown}
        aria-describedby={hintId}
        onChange={change}
      />
    </Label>
  )
}
