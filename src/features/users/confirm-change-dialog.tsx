import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserChangeResponse } from '@/api/contract/user-change-schemas'
import type { UserListItem } from '@/api/contract/users-schemas'
import { changeUser, type UserChange } from '@/api/user-changes'
import { userQueries } from '@/api/users'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { FormError } from '@/components/ui/form-error'

/** What each change asks before it is made, and what it says once done. */
const CHANGES: Record<
  Exclude<UserChange, 'reactivate'>,
  {
    title: (email: string) => string
    description: (isSelf: boolean) => string
    confirm: string
    done: (answer: UserChangeResponse) => string
  }
> = {
  deactivate: {
    title: (email) => `Deactivate ${email}?`,
    description: () =>
      'They are signed out everywhere at once and cannot sign in until an admin reactivates them. Their history stays.',
    confirm: 'Deactivate',
    done: ({ user, sessionsEnded }) => `${user.email} is deactivated; ${sessionsEnded} session(s) ended.`,
  },
  endSessions: {
    title: (email) => `End all sessions of ${email}?`,
    description: (isSelf) =>
      isSelf
        ? 'You are signed out everywhere, in this tab too. You can sign in again.'
        : 'They are signed out everywhere at once. They can sign in again.',
    confirm: 'End sessions',
    done: ({ user, sessionsEnded }) => `${sessionsEnded} session(s) of ${user.email} ended.`,
  },
}

export function ConfirmChangeDialog({
  user,
  change,
  isSelf,
  onClose,
  onDone,
}: {
  user: UserListItem & { id: string }
  change: keyof typeof CHANGES
  isSelf: boolean
  onClose: () => void
  onDone: (message: string) => void
}) {
  const queryClient = useQueryClient()
  const words = CHANGES[change]
  const mutation = useMutation({
    mutationFn: changeUser,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: userQueries.all() })
      onDone(words.done(answer))
    },
  })

  return (
    <Dialog title={words.title(user.email)} description={words.description(isSelf)} onClose={onClose}>
      {mutation.isError && <FormError>{mutation.error.message}</FormError>}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" disabled={mutation.isPending} onClick={() => mutation.mutate({ id: user.id, change })}>
          {words.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
