import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { alertQueries, changeRule } from '@/api/alerts'
import { isApiError } from '@/api/client'
import type { AlertRule } from '@/api/contract/alert-schemas'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { FormError } from '@/components/ui/form-error'
import { errorOfField, formLevelError } from '@/lib/field-errors'
import { ChannelPicker } from './channel-picker'
import { PercentField } from './percent-field'
import { readPercent } from './read-percent'

/** A rule changed in place: a usage rule's share of the commitment, and where any rule's firings go. */
export function EditRuleDialog({
  rule,
  onClose,
  onSaved,
}: {
  rule: AlertRule
  onClose: () => void
  onSaved: (description: string) => void
}) {
  const queryClient = useQueryClient()
  const [percent, setPercent] = useState(String(rule.percent ?? ''))
  const [percentError, setPercentError] = useState<string>()
  const [channelIds, setChannelIds] = useState<string[] | null>(rule.channelIds)
  const usage = rule.kind === 'usage-percent'
  const mutation = useMutation({
    mutationFn: changeRule,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: alertQueries.rules().queryKey })
      onSaved(saved.description)
    },
  })
  const serverErrors = isApiError(mutation.error) ? mutation.error.fieldErrors : {}
  const formError = formLevelError(mutation.error, serverErrors, ['percent', 'channelIds'])

  return (
    <Dialog title="Change the rule" description={rule.description} onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          const change = { id: rule.id, kind: rule.kind, enabled: rule.enabled, channelIds }
          if (!usage) return mutation.mutate({ ...change, percent: null })
          const read = readPercent(percent)
          setPercentError('error' in read ? read.error : undefined)
          if ('percent' in read) mutation.mutate({ ...change, percent: read.percent })
        }}
      >
        {usage && (
          <PercentField
            autoFocus
            value={percent}
            onChange={(value) => {
              setPercent(value)
              setPercentError(undefined)
              mutation.reset()
            }}
            error={percentError ?? errorOfField(serverErrors, 'percent')}
          />
        )}
        <ChannelPicker
          value={channelIds}
          onChange={(value) => {
            setChannelIds(value)
            mutation.reset()
          }}
          error={errorOfField(serverErrors, 'channelIds')}
        />
        {formError && <FormError>{formError}</FormError>}
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
