import { useRouter } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react'
import type { SessionResponse } from '@/api/contract/console-schemas'
import { can } from '@/api/session'
import { LIST_ROW } from '@/lib/list-row'
import { pagesFor } from '../nav-pages'
import { takeEarlyKeys } from './early-keys'
import { dialogOpen, isTypingIn } from './key-context'
import { keepPaletteKey, keepPaletteKeys, takePaletteKeys } from './palette-keys'
import { isApple, opensPalette } from './palette-press'
import { searchPathKey } from './search-keys'
import { act, type PageShortcut } from './shortcut-actions'
import { type KeyAction, keyPressOf, readKey } from './shortcut-keys'

// Loaded when first opened: cmdk alone is about 18 KB gzip. What is typed meanwhile is kept (palette-keys.ts).
const loadPalette = () => import('./command-palette')
const loadHelp = () => import('./shortcut-help')
const ShortcutHelp = lazy(loadHelp)

const APPLE = isApple(navigator.platform)
const NOTICE_MS = 2000

/**
 * The keyboard shortcuts of every signed-in page (README.md beside this file): one keydown listener, the
 * palette and the help when opened, and what `x` says when the row has no copy button of its own. The shell
 * loads it on its own, after the page (app-layout.tsx), so a cold /calls downloads none of it.
 */
export default function KeyboardShortcuts({
  session,
  paletteLoader = loadPalette,
}: {
  session: SessionResponse
  /** How the palette's code arrives: tests slow it down as a loaded machine does. */
  paletteLoader?: typeof loadPalette
}) {
  const router = useRouter()
  const [CommandPalette] = useState(() => lazy(paletteLoader))
  // Each opening has its own number: the platform tells a dialog's closing by an event queued after it, which
  // can arrive after the next Ctrl+K (input goes first), and must then close nothing but the dialog it was for.
  const [open, setOpen] = useState<{ dialog: 'palette' | 'help'; id: number } | null>(null)
  const lastOpened = useRef(0)
  const [notice, setNotice] = useState('')
  // Where the focus was when a dialog opened: it goes back there, and a row action from the palette acts from it.
  const opener = useRef<HTMLElement | null>(null)
  const goSince = useRef<number | null>(null)

  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(''), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice])

  const show = (dialog: 'palette' | 'help') => {
    // The other one is often next (the palette names ? for the help): it loads meanwhile, not after its key.
    void (dialog === 'palette' ? loadHelp() : loadPalette()).catch(() => {})
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    lastOpened.current += 1
    const id = lastOpened.current
    if (dialog === 'palette') keepPaletteKeys(() => close(id))
    setOpen({ dialog, id })
  }

  /** Closes the dialog opened as `id`; once it is gone, the focus is back where it was, then `then` runs. */
  const close = (id: number, then?: () => void) => {
    if (id !== lastOpened.current) return
    takePaletteKeys()
    setOpen(null)
    requestAnimationFrame(() => {
      // The platform's dialog usually gives the focus back itself. Only a focus left nowhere is taken back:
      // one the person has already moved (a click, a Tab in the frame between) stays where they put it.
      const active = document.activeElement
      const nowhere = active === null || active === document.body
      if (nowhere && opener.current?.isConnected) opener.current.focus({ preventScroll: true })
      then?.()
    })
  }

  /** Runs a shortcut; true when the key's own meaning is to be dropped (it is ours now). */
  const perform = (action: KeyAction): boolean => {
    if ('go' in action) {
      const page = pagesFor(session).find((p) => p.goKey === action.go)
      if (page) void router.navigate({ to: page.to })
      return page !== undefined
    }
    const { shortcut } = action
    if (shortcut === 'palette' || shortcut === 'help') {
      show(shortcut)
      return true
    }
    // Enter is the focused element's own unless that is a row.
    if (shortcut === 'open-row' && !document.activeElement?.matches(LIST_ROW)) return false
    const onCalls = router.state.location.pathname === '/calls'
    const goToCalls = !onCalls && can(session, 'calls:read') ? () => router.navigate({ to: '/calls' }) : null
    act(shortcut satisfies PageShortcut, { goToCalls, say: setNotice })
    // `/` is Firefox's quick find. j, k and x mean nothing outside a field: nothing to drop.
    return shortcut === 'search' || shortcut === 'open-row'
  }

  /** A key no control used: live, or kept by early-keys.ts (which may have prevented its default itself). */
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    // A dialog's keys are its own; a key composing text is not ours.
    if (event.isComposing || dialogOpen()) return
    if (searchPathKey(event)) return event.preventDefault()
    const context = { typing: isTypingIn(event.target), goSince: goSince.current, now: event.timeStamp, apple: APPLE }
    const { action, goSince: since } = readKey(keyPressOf(event), context)
    goSince.current = since
    if (action && perform(action)) event.preventDefault()
  })

  useEffect(() => {
    const early = takeEarlyKeys(performance.now())
    // A Ctrl/⌘+K among them opens the palette, which keeps the keys after it: early-keys.ts held those from the page
    // (prevented them itself). One before it that a control used, after early-keys saw it, is not ours.
    const held = early.findIndex((event) => opensPalette(event, APPLE))
    early.forEach((event, i) => {
      if (held !== -1 && i >= held ? !keepPaletteKey(event) : !event.defaultPrevented) onKeyDown(event)
    })
    const listener = (event: KeyboardEvent) => {
      // A key a control already used is not ours.
      if (!event.defaultPrevented) onKeyDown(event)
    }
    document.addEventListener('keydown', listener)
    return () => document.removeEventListener('keydown', listener)
  }, [])

  return (
    <>
      <Suspense fallback={null}>
        {open?.dialog === 'palette' && (
          <CommandPalette
            key={open.id}
            session={session}
            apple={APPLE}
            close={(then) => close(open.id, then)}
            perform={(action) => close(open.id, () => perform(action))}
          />
        )}
        {open?.dialog === 'help' && (
          <ShortcutHelp key={open.id} session={session} apple={APPLE} onClose={() => close(open.id)} />
        )}
      </Suspense>
      <p
        role="status"
        className={
          notice
            ? 'fixed bottom-4 left-1/2 z-50 -translate-x-1/2 rounded-md bg-slate-900 px-3 py-2 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900'
            : 'sr-only'
        }
      >
        {notice}
      </p>
    </>
  )
}
