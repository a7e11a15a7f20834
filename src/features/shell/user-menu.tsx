import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import type { SessionResponse } from '@/api/console-schemas'
import { replaceSession, signOut } from '@/api/session'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { useDisclosure } from '@/lib/use-disclosure'
import { TimeZoneSelect } from './time-zone-select'

// Loaded when the menu first opens: no page needs it for its first paint.
const NotificationsToggle = lazy(() => import('@/features/live/notify/notifications-toggle'))

/**
 * Who is signed in, as which role; opened, the person's settings (time zone) and the way out.
 * A disclosure (useDisclosure): Escape or a click elsewhere closes it.
 */
export function UserMenu({ session }: { session: SessionResponse }) {
  const queryClient = useQueryClient()
  const router = useRouter()
  const menu = useDisclosure<HTMLElement>()
  const mutation = useMutation({
    mutationFn: signOut,
    meta: { handlesUnauthorized: true },
    // Signed out on the server or already gone there: either way, nothing of theirs stays in this tab.
    onSettled: async () => {
      replaceSession(queryClient, null)
      await router.navigate({ to: '/sign-in', replace: true })
    },
  })

  return (
    <section ref={menu.root} aria-label="Signed in" className="relative text-xs">
      <Button {...menu.buttonProps} variant="ghost" size="sm">
        <span className="text-slate-700 dark:text-slate-300">{session.user.email}</span>
        <Badge tone="neutral">{session.user.role}</Badge>
        <span aria-hidden="true">▾</span>
      </Button>
      <div
        id={menu.panelId}
        className={cn(
          'z-40 mt-1 w-72 space-y-3 rounded-md border border-slate-200 bg-white p-3 shadow-lg lg:absolute lg:right-0 dark:border-slate-800 dark:bg-slate-950',
          menu.open ? 'block' : 'hidden',
        )}
      >
        <TimeZoneSelect />
        {menu.open && (
          <Suspense fallback={null}>
            <NotificationsToggle userId={session.user.id} />
          </Suspense>
        )}
        <Button variant="secondary" size="xs" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
          Sign out
        </Button>
      </div>
    </section>
  )
}
