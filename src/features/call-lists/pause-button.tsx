import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callListQueries, setPaused } from '@/api/call-lists'
import type { CallList } from '@/api/contract/call-list-schemas'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { errorText } from '@/lib/error-text'
import { revealHidden } from '@/lib/hidden-characters'

/** Managers: Pause (nobody gets a contact, every place is kept) or Resume, on the lists table and the list's page. */
export function PauseButton({ list }: { list: CallList }) {
  const queryClient = useQueryClient()
  const pause = useMutation({
    mutationFn: setPaused,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callListQueries.all() }),
  })
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={pause.isPending}
        aria-label={`${list.paused ? 'Resume' : 'Pause'} ${revealHidden(list.name)}`}
        onClick={() => pause.mutate({ id: list.id, paused: !list.paused })}
      >
        {list.paused ? 'Resume' : 'Pause'}
      </Button>
      {pause.isError && <FormError>{errorText(pause.error)}</FormError>}
    </>
  )
}
