import { useEffect, useRef, useState } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

/**
 * The Caller IDs filter: the field holds what is typed, the URL what was applied, at each keystroke (the list is
 * filtered in the browser, so there is nothing to wait for). A change of the URL elsewhere (Back) puts its text in
 * the field. Not the calls list's debounced field: shared, it would cost cold /calls a chunk of its own.
 */
/** How long a value the field applied is waited for in the URL as its echo. */
const ECHO_MS = 5000

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
  // can come after later ones (Preact runs effects after the next frame): it is not a change from elsewhere. An echo
  // comes within frames (seconds on a loaded machine) or never (the router may skip a value typed and deleted at
  // once): past ECHO_MS a value is no longer waited for, so a later Back to it is a change from elsewhere.
  const unechoed = useRef<{ text: string; at: number }[]>([])
  useEffect(() => {
    const since = performance.now() - ECHO_MS
    unechoed.current = unechoed.current.filter((typed) => typed.at >= since)
    const echo = unechoed.current.findIndex((typed) => typed.text === applied)
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
          if (typed !== (unechoed.current.at(-1)?.text ?? applied))
            unechoed.current.push({ text: typed, at: performance.now() })
          onApply(typed || undefined)
        }}
      />
    </Label>
  )
}
