import type { QueryKey } from '@tanstack/react-query'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { FormError } from '@/components/ui/form-error'

/** Asks before something listed (a rule, a channel, an integration) goes, deletes it, and reads the list again. */
export function ConfirmDeleteDialog({
  title,
  description,
  remove,
  invalidate,
  onClose,
  onDone,
}: {
  title: string
  description: string
  remove: () => Promise<unknown>
  invalidate: QueryKey
  onClose: () => void
  onDone: () => void
}) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invalidate })
      onDone()
    },
  })
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      {mutation.isError && <FormError>{mutation.error.message}</FormError>}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
          {mutation.isPending ? 'Deleting…' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
