// What decides whether a key press may be a shortcut at all, read from the page.

const FIELDS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])'

/**
 * The key goes to a field: it is text (or the field's own key), never a shortcut. A field of a dialog that has
 * closed is not one: the platform closes a dialog on Escape and moves the focus out a moment later, and a key
 * pressed in between (the palette's `?` right after Escape) is meant for the page.
 */
export function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof Element) || target.closest('dialog:not([open])') !== null) return false
  return target.closest(FIELDS) !== null || (target as HTMLElement).isContentEditable === true
}

/** A dialog is open (ours are <dialog>s): its keys are its own, and Escape closes it. */
export const dialogOpen = (): boolean => document.querySelector('dialog[open], [aria-modal="true"]') !== null
