import { useEffect, useId, useRef, useState } from 'react'

/**
 * A button that shows and hides a panel (the WAI-ARIA disclosure pattern). While open, Escape pressed
 * within `root` closes it and puts focus back on its button, and a pointer press outside `root` closes it.
 * Nested disclosures work: the Escape bubbles to the innermost open one first, which keeps it.
 */
export function useDisclosure<Root extends HTMLElement = HTMLElement>() {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const root = useRef<Root>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const element = root.current
    if (!open || !element) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      setOpen(false)
      button.current?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    element.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      element.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  return {
    open,
    setOpen,
    root,
    /** Spread on the button that toggles the panel. */
    buttonProps: {
      ref: button,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((value) => !value),
    },
    panelId,
  }
}
