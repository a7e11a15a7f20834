import type { AlertRule } from '@/api/contract/alert-schemas'
import { rowActionsCell } from '@/components/row-actions-cell'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { RuleEnabledSwitch } from './rule-enabled-switch'

export type RuleAction = { kind: 'edit' | 'delete'; rule: AlertRule }

export function RulesTable({
  rules,
  onAction,
  onDone,
}: {
  rules: readonly AlertRule[]
  onAction: (action: RuleAction) => void
  onDone: (message: string) => void
}) {
  return (
    <Table regionLabel="Rules table">
      <caption className="sr-only">Alert rules on the current billing period</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Rule</TableHead>
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
            <TableCell>
              <RuleEnabledSwitch rule={rule} onDone={onDone} />
            </TableCell>
            <TableCell>
              {rule.firedThisPeriod ? <Badge tone="warning">Fired</Badge> : <Badge tone="neutral">Not yet</Badge>}
            </TableCell>
            {rowActionsCell(
              rule.description,
              () => onAction({ kind: 'delete', rule }),
              rule.kind === 'usage-percent' && (
                <Button
                  variant="secondary"
                  size="xs"
                  aria-label={`Edit percent: ${rule.description}`}
                  onClick={() => onAction({ kind: 'edit', rule })}
                >
                  Edit percent
                </Button>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
