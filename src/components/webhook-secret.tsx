import { useEffect, useRef } from 'react'
import { Button } from '@/components/ui/button'
import { CopyButton } from '@/components/ui/copy-button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

/** A new webhook's (alert channel's or integration's) signing secret, shown this once: the console keeps it only to sign, and never shows it again. */
export function WebhookSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null)
  // Moved here so a keyboard can copy it at once; selected, so Ctrl+C works too.
  useEffect(() => {
    input.current?.focus()
    input.current?.select()
  }, [])

  return (
    <div
      role="status"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">Signing secret of “{name}”: copy it now, you will not see it again.</p>
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor="webhook-secret" className="sr-only">
          Signing secret
        </Label>
        <Input
          ref={input}
          id="webhook-secret"
          readOnly
          value={secret}
          code
          className="min-w-0 flex-1"
          onFocus={(event) => event.target.select()}
        />
        <CopyButton value={secret} label="Copy signing secret" />
      </div>
      <p>
        Your receiver verifies each request’s <code>webhook-signature</code> with it (Standard Webhooks 1.0). Lost, it
        cannot be shown again: delete it and add it anew.
      </p>
      <Button variant="secondary" size="sm" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  )
}
