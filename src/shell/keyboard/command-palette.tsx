import { useRouter } from '@tanstack/react-router'
import { Command } from 'cmdk'
import { useEffect, useRef, useState } from 'react'
import type { SessionResponse } from '@/api/contract/console-schemas'
import { useSavePreferences } from '@/api/preferences'
import { can } from '@/api/session'
import { Dialog } from '@/components/ui/dialog'
import { usePhoneFormat } from '@/lib/phone-format'
import { browserTimeZone } from '@/lib/time-zone'
import { pagesFor } from '../nav-pages'
import { setTheme, useTheme } from '../theme'
import { useSignOut } from '../use-sign-out'
import { KeyCombo } from './key-combo'
import { type PaletteCommand, paletteCommands } from './palette-commands'
import { takePaletteKeys } from './palette-keys'
import { type KeyAction, keyPressOf, readKey } from './shortcut-keys'
import { keyLabels } from './shortcut-list'

const HEADINGS: Record<PaletteCommand['group'], string> = {
  Typed: 'What you typed',
  'Go to': 'Go to',
  Keyboard: 'Keyboard',
  Settings: 'Settings',
  Account: 'Account',
}

/** The commands in their order, a heading over each run of one group: the first one is the one Enter runs. */
function sections(
  commands: readonly PaletteCommand[],
): { key: string; group: PaletteCommand['group']; items: PaletteCommand[] }[] {
  const runs: { key: string; group: PaletteCommand['group']; items: PaletteCommand[] }[] = []
  for (const command of commands) {
    const last = runs.at(-1)
    if (last?.group === command.group) last.items.push(command)
    else runs.push({ key: `${command.group} ${runs.length}`, group: command.group, items: [command] })
  }
  return runs
}

/** Whether a key press is the palette's own Ctrl/⌘+K, as the shortcuts' listener reads it. */
const isPaletteKey = (event: KeyboardEvent, apple: boolean) =>
  readKey(keyPressOf(event), { typing: true, goSince: null, now: 0, apple }).action !== null

const itemClass =
  'flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-indigo-50 data-[selected=true]:text-indigo-950 dark:data-[selected=true]:bg-indigo-950 dark:data-[selected=true]:text-indigo-50'

/**
 * Ctrl/⌘+K: cmdk's combobox and listbox (keyboard selection, aria-activedescendant) inside the app's own modal
 * <dialog> (focus kept in, Escape closes, the page behind inert). The commands and their order are ours
 * (palette-commands.ts), so cmdk does not filter; a status line says how many there are.
 */
export default function CommandPalette({
  session,
  apple,
  close,
  perform,
}: {
  session: SessionResponse
  apple: boolean
  /** Closes the palette and then runs `then`, once the focus is back where it was. */
  close: (then?: () => void) => void
  perform: (action: KeyAction) => void
}) {
  const router = useRouter()
  const theme = useTheme()
  const formatPhone = usePhoneFormat()
  const save = useSavePreferences()
  const signOut = useSignOut()
  const [text, setText] = useState('')
  const [enterKept, setEnterKept] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  // After the dialog's own effect has opened it (a child's effects run first): the dialog alone would focus
  // cmdk's root, its first focusable element. What was typed while the palette loaded goes into the field.
  useEffect(() => {
    input.current?.focus()
    const kept = takePaletteKeys()
    if (kept.text) setText(kept.text)
    if (kept.enter) setEnterKept(true)
  }, [])
  const commands = paletteCommands(text, {
    pages: pagesFor(session),
    canReadCalls: can(session, 'calls:read'),
    canPlaceCalls: can(session, 'calls:create'),
    zone: session.preferences.timeZone,
    browserZone: browserTimeZone(),
    theme,
    formatPhone,
  })

  function run({ run }: PaletteCommand) {
    switch (run.kind) {
      case 'go':
        return close(() => void router.navigate({ to: run.to }))
      case 'call':
        return close(() => void router.navigate({ to: '/calls/$callId', params: { callId: run.callId } }))
      case 'find':
        return close(() => void router.navigate({ to: '/calls', search: { q: run.q } }))
      case 'dial':
        // Only fills the form in: the call is placed when the person presses Place call there.
        return close(() => void router.navigate({ to: '/calls/new', search: { to: run.e164 } }))
      case 'shortcut':
        return perform({ shortcut: run.id })
      case 'zone':
        // The user menu's "Times in" saves through the same mutation; the palette stays open until it is saved.
        return save.mutate({ timeZone: run.zone }, { onSuccess: () => close() })
      case 'theme':
        setTheme(run.theme)
        return close()
      case 'sign-out':
        // Signing out leaves for the sign-in page, which takes the palette with it.
        return signOut.mutate()
    }
  }

  /**
   * Ctrl/⌘+K in the palette. Open, it does nothing: it is the palette's key, and Escape closes it (a toggle
   * would close a palette the same press had just opened, wherever an engine delivers one press twice). Already
   * closed, it opens a new one: the platform closes the dialog on Escape and tells us by an event queued after it,
   * and a Ctrl+K pressed in between (input goes first) still reaches this palette's field, so the shortcuts'
   * listener would otherwise never see it.
   */
  function reopenIfClosed(root: HTMLElement) {
    if (!root.closest('dialog')?.open) perform({ shortcut: 'palette' })
  }

  // An Enter typed before the palette was ready runs what Enter would have: the first command for the kept text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the commands of the render the text is in.
  useEffect(() => {
    if (!enterKept) return
    setEnterKept(false)
    const first = commands.find((command) => !command.current)
    if (first) run(first)
  }, [enterKept])

  const count = commands.length
  return (
    <Dialog title="Command palette" onClose={() => close()} width="xl">
      {/* Escape closes the dialog and nothing else (wall mode, say, leaves on Escape). */}
      <Command
        label="Command"
        shouldFilter={false}
        loop
        onKeyDown={(event) => {
          if (event.key === 'Escape') event.stopPropagation()
          else if (isPaletteKey(event.nativeEvent, apple)) {
            // Ours, never cmdk's "previous item" (it runs after this, unless the default is prevented).
            event.preventDefault()
            reopenIfClosed(event.currentTarget)
          }
        }}
      >
        <Command.Input
          value={text}
          ref={input}
          onValueChange={setText}
          placeholder="A page, a command, a call ID or a number"
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <p role="status" className="sr-only">
          {count === 1 ? '1 command' : `${count} commands`}
        </p>
        <Command.List label="Commands" className="mt-3 max-h-80 overflow-y-auto">
          <Command.Empty className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">
            No command matches “{text.trim()}”.
          </Command.Empty>
          {sections(commands).map(({ key, group, items }) => (
            <Command.Group
              key={key}
              heading={HEADINGS[group]}
              className="mb-2 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-600 dark:[&_[cmdk-group-heading]]:text-slate-400"
            >
              {items.map((command) => (
                <Command.Item
                  key={command.id}
                  value={command.id}
                  disabled={command.current}
                  onSelect={() => run(command)}
                  className={itemClass}
                >
                  <span className="min-w-0 break-words">
                    {command.label}
                    {command.current && <span className="text-slate-600 dark:text-slate-400"> (current)</span>}
                  </span>
                  {command.keys && <KeyCombo keys={command.keys} apple={apple} />}
                </Command.Item>
              ))}
            </Command.Group>
          ))}
        </Command.List>
        {save.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            The time zone was not saved. Try again.
          </p>
        )}
        <p className="mt-3 border-t border-slate-200 pt-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
          ↑ ↓ to move, Enter to run, Escape to close. {keyLabels(['$mod', 'k'], apple).labels.join(' ')} opens this
          palette.
        </p>
      </Command>
    </Dialog>
  )
}
