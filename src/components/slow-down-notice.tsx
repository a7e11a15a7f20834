import { useNow } from '@/lib/use-now'

/**
 * The voice service asked us to slow down (a 429 and its Retry-After): said in words, with the seconds
 * until the next try counting down. The live board shows its hub's pause with it, and every page the
 * browser's own wait (RateLimitBanner).
 */
export function SlowDownNotice({ message, nextTryAt }: { message: string; nextTryAt: number }) {
  // The tick only re-renders each second; the time is read now, because a later 429 can move
  // nextTryAt up to a second after the last tick, and the old tick would show one second too many.
  const tick = useNow(1000)
  const seconds = Math.max(0, Math.ceil((nextTryAt - Math.max(tick, Date.now())) / 1000))
  return (
    <p
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {message} Next try in {seconds} s.
    </p>
  )
}
