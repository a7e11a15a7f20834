import { useEffect, useRef } from 'react'
import { INVITE_VALID_HOURS } from '@/api/contract/console-schemas'
import type { InviteResponse } from '@/api/contract/user-change-schemas'
import { Timestamp } from '@/components/timestamp'
import { CopyButton } from '@/components/ui/copy-button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

/** The link, shown this once (the console keeps only its hash), with what the admin should know about it. */
export function InviteLink({ invite }: { invite: InviteResponse }) {
  const input = useRef<HTMLInputElement>(null)
  // Moved here so a keyboard can copy it at once; selected, so Ctrl+C works too.
  useEffect(() => {
    input.current?.focus()
    input.current?.select()
  }, [])

  return (
    <div
      role="status"
      className="space-y-2 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm dark:border-sky-800 dark:bg-sky-950"
    >
      <p className="font-medium">
        {invite.replaced ? 'New set-up link' : 'Set-up link'} for {invite.email} ({invite.role})
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor="invite-link" className="sr-only">
          Set-up link
        </Label>
        <Input
          ref={input}
          id="invite-link"
          readOnly
          value={invite.link}
          code
          className="min-w-0 flex-1"
          onFocus={(event) => event.target.select()}
        />
        <CopyButton value={invite.link} label="Copy set-up link" />
      </div>
      <p className="text-slate-700 dark:text-slate-300">
        It works once, within {INVITE_VALID_HOURS} hours (until <Timestamp iso={invite.expiresAt} variant="full" />
        ).{' '}
        {invite.emailed
          ? `It was emailed to ${invite.email}; it is also here in case the email does not arrive.`
          : 'Hand it to the person yourself.'}
        {invite.replaced && ' The link sent before no longer works.'} It is shown only now.
      </p>
      {invite.emailError && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {invite.emailError} Hand the link over yourself.
        </p>
      )}
    </div>
  )
}
