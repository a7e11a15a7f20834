import { useQuery } from '@tanstack/react-query'
import type { ScoreSummaryRow } from '@/api/contract/scoring-schemas'
import type { UsagePeriodQuery } from '@/api/contract/usage-breakdown-schemas'
import { scoresExportHref, scoringQueries } from '@/api/scoring'
import { Card, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatNumber } from '@/lib/format'
import { formatScore } from './score-format'

function SummaryTable({ caption, first, rows }: { caption: string; first: string; rows: readonly ScoreSummaryRow[] }) {
  return (
    <Table overflowLabel={caption}>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{first}</TableHead>
          <TableHead className="text-right">Average score</TableHead>
          <TableHead className="text-right">Scores</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id || row.label}>
            <TableCell>{row.label}</TableCell>
            <TableCell className="text-right tabular-nums">{formatScore(row.average)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(row.count)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/**
 * Issue 53, item 6: the period's call scores on /usage, averaged per person who placed the call and per scorecard,
 * and every score as CSV. A score counts in the period it was first given in.
 */
export function ScoreSummarySection({ period }: { period: UsagePeriodQuery }) {
  const summary = useQuery(scoringQueries.summary(period))
  return (
    <Card aria-labelledby="call-scores-summary-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="call-scores-summary-title">Call scores</CardTitle>
        <a
          href={scoresExportHref(period)}
          download
          className="text-sm font-medium text-sky-800 underline underline-offset-2 dark:text-sky-300"
        >
          Download scores (CSV)
        </a>
      </div>
      <div className="mt-3">
        {summary.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : summary.isError ? (
          <ErrorState
            title="Could not load the call scores"
            error={summary.error}
            onRetry={() => void summary.refetch()}
          />
        ) : summary.data.by_scorecard.length === 0 ? (
          <EmptyState title="No call was scored in this period" />
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            <SummaryTable caption="Call scores by person" first="Placed by" rows={summary.data.by_person} />
            <SummaryTable caption="Call scores by scorecard" first="Scorecard" rows={summary.data.by_scorecard} />
          </div>
        )}
      </div>
    </Card>
  )
}
