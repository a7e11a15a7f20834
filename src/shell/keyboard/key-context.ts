// What decides whether a key press may be a shortcut at all, read from the page.

const FIELDS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])'

/** The key goes to a field: it is text (or the field's own key), never a shortcut. */
export function isTypingIn(target: EventTarget | null): boolean {
  return (
    target instanceof Element && (target.closest(FIELDS) !== null || (target as HTMLElement).isContentEditable === true)
  )
}

/** A dialog is open (ours are <dialog>s): its keys are its own, and Escape closes it. */
export const dialogOpen = (): boolean => document.querySelector('dialog[open], [aria-modal="true"]') !== null
