import type { AlertRule } from '@/api/contract/alert-schemas'
import { rowActionsCell } from '@/components/row-actions-cell'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { RuleEnabledSwitch } from './rule-enabled-switch'

export type RuleAction = { kind: 'edit' | 'delete'; rule: AlertRule }

/** Where a rule's firings go, in words. */
function sendsTo(rule: AlertRule, channelNames: ReadonlyMap<string, string>): string {
  if (rule.channelIds === null) return 'Every channel'
  if (rule.channelIds.length === 0) return 'No channel (the banner only)'
  return rule.channelIds.map((id) => channelNames.get(id) ?? 'a channel').join(', ')
}

export function RulesTable({
  rules,
  channelNames,
  onAction,
  onDone,
}: {
  rules: readonly AlertRule[]
  /** Channel names by id, as the channels' list has them (empty while it loads). */
  channelNames: ReadonlyMap<string, string>
  onAction: (action: RuleAction) => void
  onDone: (message: string) => void
}) {
  return (
    <Table regionLabel="Rules table">
      <caption className="sr-only">Alert rules on the current billing period</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Rule</TableHead>
          <TableHead>Sends to</TableHead>
          <TableHead>Enabled</TableHead>
          <TableHead>Fired this period</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rules.map((rule) => (
          <TableRow key={rule.id}>
            <TableHead scope="row" look="row-medium">
              {rule.description}
            </TableHead>
            <TableCell>{sendsTo(rule, channelNames)}</TableCell>
            <TableCell>
              <RuleEnabledSwitch rule={rule} onDone={onDone} />
            </TableCell>
            <TableCell>
              {rule.firedThisPeriod ? <Badge tone="warning">Fired</Badge> : <Badge tone="neutral">Not yet</Badge>}
            </TableCell>
            {rowActionsCell(
              rule.description,
              () => onAction({ kind: 'delete', rule }),
              <Button
                variant="secondary"
                size="xs"
                aria-label={`Edit rule: ${rule.description}`}
                onClick={() => onAction({ kind: 'edit', rule })}
              >
                Edit
              </Button>,
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
