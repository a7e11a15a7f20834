// The keys of the work page, one letter each, read from a key press (pure, so unit-tested): C places the call, a
// digit records that outcome, N goes to the next contact, S skips this one. The page documents them and marks its
// buttons with aria-keyshortcuts from this one table.

export const WORK_KEYS = { place: 'c', next: 'n', skip: 's' } as const

export type WorkAction = { kind: 'place' } | { kind: 'next' } | { kind: 'skip' } | { kind: 'outcome'; index: number }

export interface KeyPress {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  /** The focus is in a field (typing a note) or a dialog is open: keys are text there, or the dialog's. */
  inField: boolean
  /** The press follows `g` within the shell's window: it is the shell's "go to", not ours. */
  afterGo: boolean
}

/** Which action a press asks for, or null for one that is not ours. */
export function readWorkKey(press: KeyPress): WorkAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.inField || press.afterGo) return null
  const key = press.key.toLowerCase()
  if (key === WORK_KEYS.place) return { kind: 'place' }
  if (key === WORK_KEYS.next) return { kind: 'next' }
  if (key === WORK_KEYS.skip) return { kind: 'skip' }
  if (/^[1-9]$/.test(key)) return { kind: 'outcome', index: Number(key) - 1 }
  return null
}

/** The shell's `g` prefix waits this long for its letter (shell/keyboard/shortcut-keys.ts). */
export const GO_WINDOW_MS = 1_500

const NOT_TEXT = new Set(['radio', 'checkbox', 'button', 'submit', 'reset'])

/**
 * Whether keys pressed at `target` are text: a note being typed, a select; a dialog open. An outcome's radio button
 * is not: from it, N still goes to the next contact.
 */
export function keysAreText(target: EventTarget | null): boolean {
  if (document.querySelector('dialog[open], [aria-modal="true"]')) return true
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type)
}
