import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ROLES, type Role } from '@/api/contract/console-schemas'
import type { UserListItem } from '@/api/contract/users-schemas'
import { changeRole } from '@/api/user-changes'
import { userQueries } from '@/api/users'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Select } from '@/components/ui/select'

/** Changes a person's role; it applies on their next request, so their open pages follow at once. */
export function RoleDialog({
  user,
  isSelf,
  onClose,
  onDone,
}: {
  user: UserListItem & { id: string }
  isSelf: boolean
  onClose: () => void
  onDone: (message: string) => void
}) {
  const queryClient = useQueryClient()
  const [role, setRole] = useState<Role>(user.role)
  const mutation = useMutation({
    mutationFn: changeRole,
    // handled here: a refusal (the last admin) is said in the dialog, not by the page.
    onSuccess: async ({ user: changed }) => {
      await queryClient.invalidateQueries({ queryKey: userQueries.all() })
      onDone(`${changed.email} is now ${changed.role}.`)
    },
  })
  const stepsDown = isSelf && user.role === 'admin' && role !== 'admin'

  return (
    <Dialog
      title={`Change the role of ${user.email}`}
      description="The new role applies to their next request: pages they have open follow on their next click."
      onClose={onClose}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (role === user.role) onClose()
          else mutation.mutate({ id: user.id, role })
        }}
      >
        <Field label="Role">
          {(control) => (
            <Select
              {...control}
              value={role}
              onChange={(event) => {
                setRole(event.target.value as Role)
                mutation.reset()
              }}
            >
              {ROLES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {stepsDown && (
          <p className="mt-3 text-sm text-amber-800 dark:text-amber-300">
            This is your own role: you will no longer manage users once you save.
          </p>
        )}
        {mutation.isError && <FormError className="mt-3">{mutation.error.message}</FormError>}
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving…' : 'Save role'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
