import { useCallback, useEffect, useRef } from 'react'
import type { SessionResponse } from '@/api/contract/console-schemas'
import { fetchSignedIn } from '@/api/sign-in'

// Between this console's tabs in one browser (same origin only).
const CHANNEL = 'voice-dashboard-sign-in'

/**
 * Calls `onSignedIn` when this browser turns out to be signed in while the sign-in page shows. A person whose
 * session ended in every tab signs in in one of them, and each other tab goes on too: at once when it is shown
 * (the tab that signed in announces it), else as soon as it is shown or focused again (a sign-in through single
 * sign-on, or a browser without BroadcastChannel), rather than asking for the password once more. One check at
 * a time. Returns `announce`, which a tab calls once it has signed in: its own channel does not hear it back.
 */
export function useSignedInElsewhere(onSignedIn: (session: SessionResponse) => void): () => void {
  const latest = useRef(onSignedIn)
  latest.current = onSignedIn
  const channel = useRef<BroadcastChannel | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    let checking = false
    const check = () => {
      if (checking || document.visibilityState !== 'visible') return
      checking = true
      fetchSignedIn(controller.signal)
        .then((session) => {
          if (session && !controller.signal.aborted) latest.current(session)
        })
        // Unreachable now: the next look tries again, and the form still works.
        .catch(() => {})
        .finally(() => {
          checking = false
        })
    }
    const own = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL)
    channel.current = own
    own?.addEventListener('message', check)
    document.addEventListener('visibilitychange', check)
    window.addEventListener('focus', check)
    return () => {
      controller.abort()
      own?.close()
      channel.current = null
      document.removeEventListener('visibilitychange', check)
      window.removeEventListener('focus', check)
    }
  }, [])
  return useCallback(() => channel.current?.postMessage('signed-in'), [])
}
