import { useQuery } from '@tanstack/react-query'
import type { UsagePeriodQuery } from '@/api/contract/usage-breakdown-schemas'
import { usageBreakdownQueries } from '@/api/usage-breakdowns'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatNumber } from '@/lib/format'
import { formatPercent, formatRate } from '@/lib/usage-format'
import { SectionCard } from '../section-card'

/**
 * Issue 51, item 8: the work of each person who placed calls through the console, most calls first. The reached
 * rate counts the outcomes they recorded; talk minutes are the durations of their completed calls.
 */
export function PeopleSection({ period }: { period: UsagePeriodQuery }) {
  const people = useQuery(usageBreakdownQueries.people(period))
  return (
    <SectionCard id="people-title" title="Work by person">
      {people.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : people.isError ? (
        <ErrorState
          title="Could not load the work by person"
          error={people.error}
          onRetry={() => void people.refetch()}
        />
      ) : people.data.people.length === 0 ? (
        <EmptyState title="Nobody placed calls through the console in this period" />
      ) : (
        <Table overflowLabel="Calls, reach and talk minutes per person">
          <caption className="sr-only">Work by person, most calls first</caption>
          <TableHeader>
            <TableRow>
              <TableHead>Rank</TableHead>
              <TableHead>Person</TableHead>
              <TableHead className="text-right">Calls</TableHead>
              <TableHead className="text-right">Reached rate</TableHead>
              <TableHead className="text-right">Talk minutes</TableHead>
              <TableHead>Outcomes recorded</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {people.data.people.map((person, index) => (
              <TableRow key={person.userId}>
                <TableCell className="tabular-nums">{index + 1}</TableCell>
                <TableCell>{person.email}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(person.calls)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {person.reachedRate === null ? '—' : formatPercent(person.reachedRate * 100)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatRate(person.talkMinutes)}</TableCell>
                <TableCell>
                  {person.outcomes.length === 0
                    ? 'None recorded'
                    : person.outcomes.map((outcome) => `${outcome.label} ${formatNumber(outcome.calls)}`).join(' · ')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  )
}
