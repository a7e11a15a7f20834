import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { alertQueries, createRule } from '@/api/alerts'
import { isApiError } from '@/api/client'
import { ALERT_RULE_KINDS, type AlertRuleKind } from '@/api/contract/alert-schemas'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { FormError } from '@/components/ui/form-error'
import { errorOfField, formLevelError } from '@/lib/field-errors'
import { ChannelPicker } from './channel-picker'
import { PercentField } from './percent-field'
import { readPercent } from './read-percent'
import { RULE_KIND_WORDS } from './rule-kinds'

/** A new rule, on from the start: what it watches, for usage the share of the commitment, and where it goes. */
export function AddRuleDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (description: string) => void }) {
  const queryClient = useQueryClient()
  const [kind, setKind] = useState<AlertRuleKind>('usage-percent')
  const [percent, setPercent] = useState('')
  const [percentError, setPercentError] = useState<string>()
  const [channelIds, setChannelIds] = useState<string[] | null>(null)
  const mutation = useMutation({
    mutationFn: createRule,
    onSuccess: async (rule) => {
      await queryClient.invalidateQueries({ queryKey: alertQueries.rules().queryKey })
      onAdded(rule.description)
    },
  })
  const serverErrors = isApiError(mutation.error) ? mutation.error.fieldErrors : {}
  const formError = formLevelError(mutation.error, serverErrors, ['percent', 'channelIds'])

  return (
    <Dialog title="Add a rule" description="Rules watch the current billing period." onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          if (kind !== 'usage-percent') return mutation.mutate({ kind, percent: null, enabled: true, channelIds })
          const read = readPercent(percent)
          setPercentError('error' in read ? read.error : undefined)
          if ('percent' in read) mutation.mutate({ kind, percent: read.percent, enabled: true, channelIds })
        }}
      >
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Fire when</legend>
          {ALERT_RULE_KINDS.map((option) => (
            <label key={option} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="kind"
                className="mt-1"
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
              />
              <span>
                {RULE_KIND_WORDS[option].label}
                <span className="block text-slate-600 dark:text-slate-400">{RULE_KIND_WORDS[option].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {kind === 'usage-percent' && (
          <PercentField
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
            {mutation.isPending ? 'Adding…' : 'Add rule'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
