import { useQuery } from '@tanstack/react-query'
import type { BreakdownDimension, UsagePeriodQuery } from '@/api/contract/usage-breakdown-schemas'
import { usageBreakdownQueries } from '@/api/usage-breakdowns'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatNumber } from '@/lib/format'
import { breakdownRows } from '../breakdowns/figures'
import { costOf, formatMoney, type MoneyUnit } from './money'

/** The breakdowns whose rows are worth a cost: who, from which number, and how the calls ended. */
const COSTED: { by: BreakdownDimension; title: string; column: string }[] = [
  { by: 'person', title: 'Cost by person', column: 'Placed by' },
  { by: 'caller_id', title: 'Cost by caller ID', column: 'Caller ID' },
  { by: 'outcome', title: 'Cost by outcome', column: 'Outcome' },
]

/** Rows shown before the rest are added up in one line: the ones that drive the cost. */
const TOP_ROWS = 5

/** The period's billed minutes by person, caller ID and outcome, in money (the same reads as the breakdowns). */
export function CostBreakdowns({ period, rate, unit }: { period: UsagePeriodQuery; rate: number; unit: MoneyUnit }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {COSTED.map((costed) => (
        <CostTable key={costed.by} period={period} rate={rate} unit={unit} {...costed} />
      ))}
    </div>
  )
}

function CostTable({
  period,
  rate,
  unit,
  by,
  title,
  column,
}: {
  period: UsagePeriodQuery
  rate: number
  unit: MoneyUnit
  by: BreakdownDimension
  title: string
  column: string
}) {
  const breakdown = useQuery(usageBreakdownQueries.breakdown({ ...period, by }))
  const heading = <h3 className="text-sm font-semibold">{title}</h3>
  if (breakdown.isPending)
    return (
      <div className="space-y-2">
        {heading}
        <Skeleton className="h-32 w-full" />
      </div>
    )
  if (breakdown.isError)
    return (
      <div className="space-y-2">
        {heading}
        <ErrorState
          title={`Could not load the ${title.toLowerCase()}`}
          error={breakdown.error}
          onRetry={() => void breakdown.refetch()}
        />
      </div>
    )
  const rows = breakdownRows(breakdown.data)
  const shown = rows.slice(0, TOP_ROWS)
  const rest = rows.slice(TOP_ROWS)
  const restMinutes = rest.reduce((sum, row) => sum + row.minutes, 0)
  const money = (minutes: number) => formatMoney(costOf(minutes, rate, unit), unit.currency)
  return (
    <div className="space-y-2">
      {heading}
      <Table className="tabular-nums" regionLabel={title}>
        <caption className="sr-only">{`${title}: billed minutes and their cost, most first`}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>{column}</TableHead>
            <TableHead align="right">Minutes</TableHead>
            <TableHead align="right">Cost</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((row) => (
            <TableRow key={row.key}>
              <TableHead scope="row">{row.label}</TableHead>
              <TableCell className="text-right">{formatNumber(row.minutes)}</TableCell>
              <TableCell className="text-right">{money(row.minutes)}</TableCell>
            </TableRow>
          ))}
          {rest.length > 0 && (
            <TableRow>
              <TableHead scope="row">{`${rest.length} more`}</TableHead>
              <TableCell className="text-right">{formatNumber(restMinutes)}</TableCell>
              <TableCell className="text-right">{money(restMinutes)}</TableCell>
            </TableRow>
          )}
          <TableRow>
            <TableHead scope="row" look="row-strong">
              Total
            </TableHead>
            <TableCell className="text-right font-semibold">{formatNumber(breakdown.data.totals.minutes)}</TableCell>
            <TableCell className="text-right font-semibold">{money(breakdown.data.totals.minutes)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </div>
  )
}
