import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * Moves focus to a form's first invalid control. The request is kept as state so
 * the focus moves after React has drawn the errors that make a control invalid.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null)
  const [requests, setRequests] = useState(0)
  useEffect(() => {
    if (requests > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [requests])
  const focusFirstInvalid = useCallback(() => setRequests((n) => n + 1), [])
  return { ref, focusFirstInvalid }
}
