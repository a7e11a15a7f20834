// One event stream per signed-in tab, for every page (see live-connection.ts, loaded once the page
// is up so it costs no page its first paint), the notifier once a call of the person's ends, and the pages'
// recovery once the voice service answers again.
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import type { SessionResponse } from '@/api/contract/console-schemas'
import { can } from '@/api/session'
import { createLiveStore, LIVE_CONNECT_TIMEOUT_MS } from './live-store'
import { hasWaitingEndings, pushEnding } from './notify/notice-queue'
import { LiveStoreContext } from './use-live'

const CallToaster = lazy(() => import('./notify/call-toaster'))

export function LiveProvider({ session, children }: { session: SessionResponse | null; children: ReactNode }) {
  const [store] = useState(createLiveStore)
  const [toaster, setToaster] = useState(hasWaitingEndings)
  const queryClient = useQueryClient()
  const router = useRouter()
  const userId = session?.user.id ?? null
  const enabled = can(session, 'calls:read')

  useEffect(() => {
    if (!enabled || !userId) return
    let stop: (() => void) | null = null
    let left = false
    import('./live-connection')
      .then(({ connectLive }) => {
        if (left) return
        stop = connectLive({
          store,
          queryClient,
          userId,
          router,
          onEnding(ending) {
            pushEnding(ending)
            setToaster(true)
          },
        })
      })
      // Not loadable (a new release replaced the files): the views poll, as without a stream.
      .catch(() => store.set({ ...store.get(), mode: 'polling' }))
    // Should the connection's code itself be slow to load, the views poll meanwhile.
    const slow = setTimeout(() => {
      if (store.get().mode === 'connecting') store.set({ ...store.get(), mode: 'polling' })
    }, LIVE_CONNECT_TIMEOUT_MS)
    return () => {
      left = true
      clearTimeout(slow)
      stop?.()
    }
  }, [enabled, userId, queryClient, router, store])

  return (
    <LiveStoreContext value={store}>
      {children}
      {toaster && userId && (
        <Suspense fallback={null}>
          <CallToaster userId={userId} />
        </Suspense>
      )}
    </LiveStoreContext>
  )
}
