import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { InviteResponse } from '@/api/contract/user-change-schemas'
import type { UserListItem } from '@/api/contract/users-schemas'
import { changeUser, inviteUser, resendInvite } from '@/api/user-changes'
import { userQueries } from '@/api/users'
import { Button } from '@/components/ui/button'
import { ConfirmChangeDialog } from './confirm-change-dialog'
import { RoleDialog } from './role-dialog'

type Open = 'role' | 'deactivate' | 'endSessions' | null

/** The buttons of one row; each names the person, so a screen reader's list of buttons tells them apart. */
export function UserActions({
  user,
  isSelf,
  emailConfigured,
  onDone,
  onInvited,
}: {
  user: UserListItem
  isSelf: boolean
  emailConfigured: boolean
  onDone: (message: string) => void
  onInvited: (invite: InviteResponse) => void
}) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState<Open>(null)
  const refreshList = () => queryClient.invalidateQueries({ queryKey: userQueries.all() })
  const reactivate = useMutation({
    mutationFn: changeUser,
    onSuccess: async ({ user: changed }) => {
      await refreshList()
      onDone(`${changed.email} can sign in again.`)
    },
    onError: (error) => onDone(error.message),
  })
  const reinvite = useMutation({
    mutationFn: inviteUser,
    onSuccess: async (invite) => {
      await refreshList()
      onInvited(invite)
    },
    onError: (error) => onDone(error.message),
  })

  const resend = useMutation({
    mutationFn: resendInvite,
    onSuccess: async (invite) => {
      await refreshList()
      onInvited(invite)
      onDone(invite.emailed ? `A new link was emailed to ${invite.email}.` : (invite.emailError ?? ''))
    },
    onError: (error) => onDone(error.message),
  })

  if (user.id === null) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`New link for ${user.email}`}
          disabled={reinvite.isPending}
          onClick={() => reinvite.mutate({ email: user.email, role: user.role })}
        >
          New link
        </Button>
        {emailConfigured && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Re-send invite to ${user.email}`}
            disabled={resend.isPending}
            onClick={() => resend.mutate({ email: user.email })}
          >
            {resend.isPending ? 'Sending…' : 'Re-send'}
          </Button>
        )}
      </div>
    )
  }
  const person = { ...user, id: user.id }
  const close = () => setOpen(null)
  const done = (message: string) => {
    setOpen(null)
    onDone(message)
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" aria-label={`Change role of ${user.email}`} onClick={() => setOpen('role')}>
        Change role
      </Button>
      {user.status === 'active' ? (
        !isSelf && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Deactivate ${user.email}`}
            onClick={() => setOpen('deactivate')}
          >
            Deactivate
          </Button>
        )
      ) : (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Reactivate ${user.email}`}
          disabled={reactivate.isPending}
          onClick={() => reactivate.mutate({ id: person.id, change: 'reactivate' })}
        >
          Reactivate
        </Button>
      )}
      {user.activeSessions > 0 && (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`End sessions of ${user.email}`}
          onClick={() => setOpen('endSessions')}
        >
          End sessions
        </Button>
      )}
      {open === 'role' && <RoleDialog user={person} isSelf={isSelf} onClose={close} onDone={done} />}
      {(open === 'deactivate' || open === 'endSessions') && (
        <ConfirmChangeDialog user={person} change={open} isSelf={isSelf} onClose={close} onDone={done} />
      )}
    </div>
  )
}
