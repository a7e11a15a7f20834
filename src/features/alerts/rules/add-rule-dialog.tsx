import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { alertQueries, createRule } from '@/api/alerts'
import { ALERT_RULE_KINDS, type AlertRuleKind } from '@/api/contract/alert-schemas'
import { Dialog } from '@/components/ui/dialog'
import { RuleFields, useRuleFields } from './rule-fields'
import { RULE_KIND_WORDS } from './rule-kinds'

/** A new rule, on from the start: what it watches, for usage the share of the commitment, and where it goes. */
export function AddRuleDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (description: string) => void }) {
  const queryClient = useQueryClient()
  const [kind, setKind] = useState<AlertRuleKind>('usage-percent')
  const fields = useRuleFields({ percent: '', channelIds: null })
  const mutation = useMutation({
    mutationFn: createRule,
    onSuccess: async (rule) => {
      await queryClient.invalidateQueries({ queryKey: alertQueries.rules().queryKey })
      onAdded(rule.description)
    },
  })

  return (
    <Dialog title="Add a rule" description="Rules watch the current billing period." onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          const { channelIds } = fields
          if (kind !== 'usage-percent') return mutation.mutate({ kind, percent: null, enabled: true, channelIds })
          const percent = fields.validPercent()
          if (percent !== null) mutation.mutate({ kind, percent, enabled: true, channelIds })
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
        <RuleFields
          fields={fields}
          withPercent={kind === 'usage-percent'}
          mutation={mutation}
          submit={{ idle: 'Add rule', pending: 'Adding…' }}
          onClose={onClose}
        />
      </form>
    </Dialog>
  )
}
