import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import type { SessionResponse } from '@/api/console-schemas'
import { replaceSession, signOut } from '@/api/session'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { TimeZoneSelect } from './time-zone-select'

/**
 * Who is signed in, as which role; opened, the person's settings (time zone) and the way out.
 * A disclosure: Escape or a click elsewhere closes it, and Escape returns focus to its button.
 */
export function UserMenu({ session }: { session: SessionResponse }) {
  const queryClient = useQueryClient()
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const mutation = useMutation({
    mutationFn: signOut,
    meta: { handlesUnauthorized: true },
    // Signed out on the server or already gone there: either way, nothing of theirs stays in this tab.
    onSettled: async () => {
      replaceSession(queryClient, null)
      await router.navigate({ to: '/sign-in', replace: true })
    },
  })

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      // The header's own menu (on phones) stays open: this Escape was for this panel.
      event.stopImmediatePropagation()
      setOpen(false)
      button.current?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey, true)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey, true)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  return (
    <section ref={root} aria-label="Signed in" className="relative text-xs">
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="text-slate-700 dark:text-slate-300">{session.user.email}</span>
        <Badge tone="neutral">{session.user.role}</Badge>
        <span aria-hidden="true">▾</span>
      </Button>
      <div
        id={panelId}
        className={cn(
          'z-40 mt-1 w-72 space-y-3 rounded-md border border-slate-200 bg-white p-3 shadow-lg lg:absolute lg:right-0 dark:border-slate-800 dark:bg-slate-950',
          open ? 'block' : 'hidden',
        )}
      >
        <TimeZoneSelect />
        <Button variant="secondary" size="xs" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
          Sign out
        </Button>
      </div>
    </section>
  )
}
