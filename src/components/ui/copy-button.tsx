import { type ComponentProps, useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'

type CopyButtonProps = Omit<ComponentProps<typeof Button>, 'onClick' | 'children' | 'aria-label'> & {
  value: string
  /** The accessible name: says what is copied, since every button reads "Copy". */
  label: string
}

/** Copies a value to the clipboard and says so for a moment, for screen readers too. */
export function CopyButton({ value, label, variant = 'secondary', size = 'sm', ...props }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')

  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2000)
    return () => clearTimeout(timer)
  }, [state])

  async function copy() {
    // Inside try, so a missing Clipboard API (insecure context) also reads "Copy failed".
    try {
      await navigator.clipboard.writeText(value)
      setState('copied')
    } catch {
      setState('failed')
    }
  }

  return (
    <Button variant={variant} size={size} aria-label={label} onClick={copy} {...props}>
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}</span>
    </Button>
  )
}
