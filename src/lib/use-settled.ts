import { useEffect, useState } from 'react'

// As long as a person pauses between digits: the console is asked about the number typed, not each one on the way.
const SETTLE_MS = 300

/** `value` once it has stayed the same for SETTLE_MS. */
export function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS)
    return () => clearTimeout(timer)
  }, [value])
  return settled
}
