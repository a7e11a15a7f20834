import { useEffect, useRef, useState } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

/**
 * The Caller IDs filter: the field holds what is typed, the URL what was applied, at each keystroke (the list is
 * filtered in the browser, so there is nothing to wait for). A change of the URL elsewhere (Back) puts its text in
 * the field. Not the calls list's debounced field: shared, it would cost cold /calls a chunk of its own.
 */
export function CallerIdsFilterBox({
  applied,
  onApply,
  describedBy,
}: {
  applied: string
  onApply: (q: string | undefined) => void
  describedBy: string
}) {
  const [text, setText] = useState(applied)
  // What the field applied that the URL has not shown back yet, oldest first. The URL's echo of an earlier keystroke
  // can come after later ones (Preact runs effects after the next frame): it is not a change from elsewhere.
  const unechoed = useRef<string[]>([])
  useEffect(() => {
    const echo = unechoed.current.indexOf(applied)
    if (echo >= 0) {
      unechoed.current = unechoed.current.slice(echo + 1)
      return
    }
    unechoed.current = []
    setText(applied)
  }, [applied])
  return (
    <Label size="sm" className="block max-w-sm">
      Filter caller IDs
      <Input
        type="search"
        className="mt-1 block w-full"
        value={text}
        placeholder="Number or name"
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        onChange={(event) => {
          setText(event.target.value)
          const typed = event.target.value.trim()
          if (typed !== (unechoed.current.at(-1) ?? applied)) unechoed.current.push(typed)
          onApply(typed || undefined)
        }}
      />
    </Label>
  )
}
