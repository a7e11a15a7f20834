import { useMutation, useQueryClient } from '@tanstack/react-query'
import { alertQueries, changeRule } from '@/api/alerts'
import type { AlertRule } from '@/api/contract/alert-schemas'
import { Dialog } from '@/components/ui/dialog'
import { RuleFields, useRuleFields } from './rule-fields'

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
  const fields = useRuleFields({ percent: String(rule.percent ?? ''), channelIds: rule.channelIds })
  const usage = rule.kind === 'usage-percent'
  const mutation = useMutation({
    mutationFn: changeRule,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: alertQueries.rules().queryKey })
      onSaved(saved.description)
    },
  })

  return (
    <Dialog title="Change the rule" description={rule.description} onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          const change = { id: rule.id, kind: rule.kind, enabled: rule.enabled, channelIds: fields.channelIds }
          if (!usage) return mutation.mutate({ ...change, percent: null })
          const percent = fields.validPercent()
          if (percent !== null) mutation.mutate({ ...change, percent })
        }}
      >
        <RuleFields
          fields={fields}
          withPercent={usage}
          autoFocus
          mutation={mutation}
          submit={{ idle: 'Save', pending: 'Saving…' }}
          onClose={onClose}
        />
      </form>
    </Dialog>
  )
}
