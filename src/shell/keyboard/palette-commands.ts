// What the command palette offers for what was typed. Pure: the palette (command-palette.tsx) renders the list
// and runs the chosen command; these lines decide which commands there are and in what order.
import type { TimeZonePreference } from '@/api/contract/console-schemas'
import { parsePhone } from '@/lib/phone'
import type { Theme } from '../theme'
import { GO_PREFIX, type ShortcutId } from './shortcut-keys'
import { SHORTCUTS } from './shortcut-list'

type PaletteRun =
  | { kind: 'go'; to: string }
  | { kind: 'call'; callId: string }
  | { kind: 'find'; q: string }
  | { kind: 'dial'; e164: string }
  | { kind: 'shortcut'; id: ShortcutId }
  | { kind: 'zone'; zone: TimeZonePreference }
  | { kind: 'theme'; theme: Theme }
  | { kind: 'sign-out' }

export interface PaletteCommand {
  /** Unique: cmdk's value for the command. */
  id: string
  group: 'Typed' | 'Go to' | 'Keyboard' | 'Settings' | 'Account'
  label: string
  keys?: readonly string[]
  /** Words it is found by besides its label. */
  keywords?: string
  /** It is the setting already in force: shown, not chosen. */
  current?: boolean
  run: PaletteRun
}

export interface PaletteContext {
  /** The pages of the person's role (nav-pages.ts). */
  pages: readonly { to: string; label: string; goKey: string }[]
  canReadCalls: boolean
  canPlaceCalls: boolean
  zone: TimeZonePreference
  /** The browser's zone, named in its command. */
  browserZone: string
  theme: Theme
  /** The palette's formatter (usePhoneFormat), so that a number's label is formatted once its formats arrive. */
  formatPhone: (e164: string) => string
}

// A call ID as the voice service writes them (`call_` and a ULID); any case, as people paste them.
const CALL_ID = /^call_[0-9a-z]{10,40}$/i
/** The shortest search the calls list runs: fewer characters match too much to mean anything. */
const MIN_FIND_LENGTH = 3

/**
 * The commands that act on the typed text itself. A call ID or a number leads the list (`first`); other words
 * ("usage") find the commands first, and searching the calls for them comes `last`.
 */
function typedCommands(text: string, context: PaletteContext): { first: PaletteCommand[]; last: PaletteCommand[] } {
  if (CALL_ID.test(text)) {
    const open: PaletteCommand = {
      id: 'typed-call',
      group: 'Typed',
      label: `Open call ${text}`,
      run: { kind: 'call', callId: text },
    }
    return { first: context.canReadCalls ? [open] : [], last: [] }
  }
  const number = parsePhone(text).e164
  const find: PaletteCommand[] =
    context.canReadCalls && text.length >= MIN_FIND_LENGTH
      ? [
          {
            id: 'typed-find',
            group: 'Typed',
            label: number ? `Show calls with ${context.formatPhone(number)}` : `Search calls for “${text}”`,
            run: { kind: 'find', q: text },
          },
        ]
      : []
  if (!number) return { first: [], last: find }
  const dial: PaletteCommand = {
    id: 'typed-dial',
    group: 'Typed',
    label: `New call to ${context.formatPhone(number)}`,
    run: { kind: 'dial', e164: number },
  }
  return { first: [...find, ...(context.canPlaceCalls ? [dial] : [])], last: [] }
}

function fixedCommands(context: PaletteContext): PaletteCommand[] {
  return [
    ...context.pages.map(
      (page): PaletteCommand => ({
        id: `go ${page.to}`,
        group: 'Go to',
        label: `Go to ${page.label}`,
        keys: [GO_PREFIX, page.goKey],
        keywords: 'page open',
        run: { kind: 'go', to: page.to },
      }),
    ),
    ...SHORTCUTS.filter((s) => s.id !== 'palette').map(
      (s): PaletteCommand => ({
        id: `key ${s.id}`,
        group: 'Keyboard',
        label: s.label,
        keys: s.keys,
        keywords: s.inLists ? 'keyboard shortcut list row' : 'keyboard shortcut',
        run: { kind: 'shortcut', id: s.id },
      }),
    ),
    {
      id: 'zone browser',
      group: 'Settings',
      label: `Show times in the browser’s zone (${context.browserZone})`,
      keywords: 'time zone local switch',
      current: context.zone === 'browser',
      run: { kind: 'zone', zone: 'browser' },
    },
    {
      id: 'zone UTC',
      group: 'Settings',
      label: 'Show times in UTC',
      keywords: 'time zone switch',
      current: context.zone === 'UTC',
      run: { kind: 'zone', zone: 'UTC' },
    },
    ...(['light', 'dark'] as const).map(
      (theme): PaletteCommand => ({
        id: `theme ${theme}`,
        group: 'Settings',
        label: `Use the ${theme} theme`,
        keywords: 'theme colour color mode switch appearance',
        current: context.theme === theme,
        run: { kind: 'theme', theme },
      }),
    ),
    { id: 'sign-out', group: 'Account', label: 'Sign out', keywords: 'log out leave', run: { kind: 'sign-out' } },
  ]
}

/** Every word typed is in the command's label or keywords (any case); the typed-text commands always show. */
function matches(command: PaletteCommand, words: readonly string[]): boolean {
  const text = `${command.label} ${command.keywords ?? ''}`.toLowerCase()
  return words.every((word) => text.includes(word))
}

export function paletteCommands(typed: string, context: PaletteContext): PaletteCommand[] {
  const text = typed.trim()
  const words = text.toLowerCase().split(/\s+/).filter(Boolean)
  const { first, last } = typedCommands(text, context)
  return [...first, ...fixedCommands(context).filter((c) => matches(c, words)), ...last]
}
