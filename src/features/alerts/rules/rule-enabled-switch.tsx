import { useMutation, useQueryClient } from '@tanstack/react-query'
import { alertQueries, changeRule } from '@/api/alerts'
import type { AlertRule } from '@/api/contract/alert-schemas'
import { Switch } from '@/components/ui/switch'

/** Turns a rule on or off at once; the outcome (or the reason it failed) goes to `onDone`. */
export function RuleEnabledSwitch({ rule, onDone }: { rule: AlertRule; onDone: (message: string) => void }) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: changeRule,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: alertQueries.rules().queryKey })
      onDone(`${saved.description}: ${saved.enabled ? 'on' : 'off'}.`)
    },
    onError: (error) => onDone(`Could not turn ${rule.enabled ? 'off' : 'on'} “${rule.description}”: ${error.message}`),
  })
  return (
    <Switch
      checked={rule.enabled}
      aria-label={`Enabled: ${rule.description}`}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate({ id: rule.id, kind: rule.kind, percent: rule.percent, enabled: !rule.enabled })}
    />
  )
}
