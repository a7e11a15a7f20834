import { useEffect, useState } from 'react'

/** The current time, re-read every `intervalMs` while `enabled`, so elapsed times tick. */
export function useNow(intervalMs = 1000, enabled = true): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!enabled) return
    // Catches up at once when re-enabled, instead of showing the time it was paused at.
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs, enabled])
  return now
}
