import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import type { SessionResponse } from '@/api/contract/console-schemas'
import { RevealedText } from '@/components/revealed-text'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { revealHidden } from '@/lib/hidden-characters'
import { useDisclosure } from '@/lib/use-disclosure'
import { menuPagesFor } from './nav-pages'
import { TimeZoneChoice } from './time-zone-choice'
import { useSignOut } from './use-sign-out'

// No page needs it for its first paint. It is fetched when the pointer or the focus reaches the menu's button,
// and mounted (hidden) from then on, so the menu opens with its final layout: a switch that arrived after the
// menu opened pushed "Sign out" down under a pointer already on its way (a WebKit journey clicked the switch).
const loadNotificationsToggle = () => import('@/live/notify/notifications-toggle')
const NotificationsToggle = lazy(loadNotificationsToggle)

/**
 * Who is signed in, as which role; opened, the person's settings (time zone) and the way out.
 * A disclosure (useDisclosure): Escape or a click elsewhere closes it.
 */
export function UserMenu({ session }: { session: SessionResponse }) {
  const menu = useDisclosure<HTMLElement>()
  const [prepared, setPrepared] = useState(false)
  const prepare = () => {
    if (prepared) return
    setPrepared(true)
    void loadNotificationsToggle()
  }
  const mutation = useSignOut()

  return (
    <section ref={menu.root} aria-label="Signed in" className="relative min-w-0 text-xs">
      <Button
        {...menu.buttonProps}
        onPointerEnter={prepare}
        onPointerDown={prepare}
        onFocus={prepare}
        variant="ghost"
        size="sm"
        className="max-w-full"
        title={revealHidden(session.user.email)}
      >
        {/* A long email is cut rather than wrapping the header; the button's name still holds all of it. */}
        <RevealedText className="min-w-12 truncate text-slate-700 dark:text-slate-300" text={session.user.email} />
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
        <MorePages session={session} onFollow={() => menu.setOpen(false)} />
        <TimeZoneChoice />
        {(prepared || menu.open) && (
          <Suspense fallback={<NotificationsTogglePlaceholder />}>
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

/**
 * The switch's row and two lines of hint, the size of NotificationsToggle, for the moment its code is on its way.
 * The label is written as the toggle writes it: dimmed, it failed contrast whenever axe met it (CI, stop 57).
 */
function NotificationsTogglePlaceholder() {
  return (
    <div aria-hidden="true" className="space-y-1">
      <div className="flex items-center justify-between gap-3">
        <span className="font-medium">Browser notifications</span>
        <span className="h-5 w-9 shrink-0 rounded-full bg-slate-200 dark:bg-slate-800" />
      </div>
      <p className="min-h-8" />
    </div>
  )
}

/** The person's pages that the header's row has no room for (nav-pages.ts, menuWith). */
function MorePages({ session, onFollow }: { session: SessionResponse; onFollow: () => void }) {
  const pages = menuPagesFor(session)
  if (pages.length === 0) return null
  return (
    <nav aria-label="More pages" className="flex flex-col gap-1">
      {pages.map((page) => (
        <Link
          key={page.to}
          to={page.to}
          onClick={onFollow}
          className="rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          activeProps={{ 'aria-current': 'page' }}
        >
          {page.label}
        </Link>
      ))}
    </nav>
  )
}
