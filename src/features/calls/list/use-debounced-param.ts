import { useEffect, useRef, useState } from 'react'

/** Long enough to let a person finish a number; short enough that results follow the typing. */
const TYPING_DEBOUNCE_MS = 300

/**
 * A typed URL parameter: the field holds what is typed, the URL what was applied. Typing applies after
 * a pause; `applyNow` (Enter) at once. The URL wins when it changes elsewhere (Back, a saved view,
 * "Clear filters").
 */
export function useDebouncedParam(applied: string, apply: (typed: string) => void) {
  const [text, setText] = useState(applied)
  const sent = useRef(applied)
  const applyRef = useRef(apply)
  applyRef.current = apply

  useEffect(() => {
    if (applied === sent.current) return
    sent.current = applied
    setText(applied)
  }, [applied])

  function applyNow(value: string) {
    if (value === sent.current) return
    sent.current = value
    applyRef.current(value)
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: applyNow reads refs only; the timer restarts on typing, not on renders.
  useEffect(() => {
    const timer = setTimeout(() => applyNow(text), TYPING_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])

  return { text, setText, applyNow }
}
