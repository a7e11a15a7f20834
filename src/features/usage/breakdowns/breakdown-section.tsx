import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { callerIdHealthQueries } from '@/api/caller-id-health'
import type { BreakdownDimension, BreakdownQuery, UsagePeriodQuery } from '@/api/contract/usage-breakdown-schemas'
import { breakdownExportHref, usageBreakdownQueries } from '@/api/usage-breakdowns'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { usePhoneFormat } from '@/lib/phone-format'
import { zoneLabel } from '@/lib/time-zone'
import { SectionCard } from '../section-card'
import { DimensionPicker } from './dimension-picker'
import { chosenKey, DIMENSION_LABELS, dimensionOf, isSeries } from './dimensions'
import { breakdownRows } from './figures'
import { FiguresChart } from './figures-chart'
import { FiguresTable } from './figures-table'
import { healthNote } from './health-note'
import { MetadataKeyPicker } from './metadata-key-picker'

const route = getRouteApi('/usage')

/** Where the period's minutes went: by person, caller ID, outcome, a metadata key, hour or weekday. */
export function BreakdownSection({ period }: { period: UsagePeriodQuery }) {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const by = dimensionOf(search.by)
  const keys = useQuery({ ...usageBreakdownQueries.metadataKeys(period), enabled: by === 'metadata' })
  const key = by === 'metadata' ? chosenKey(search.key, keys.data?.keys ?? []) : undefined
  const choose = (change: { by?: BreakdownDimension; key?: string }) =>
    navigate({ search: (prev) => ({ ...prev, ...change }), replace: true })
  return (
    <SectionCard id="breakdown-title" title="Breakdown">
      <div className="space-y-4">
        <form className="flex flex-wrap items-end gap-x-6 gap-y-3" onSubmit={(e) => e.preventDefault()}>
          <DimensionPicker
            value={by}
            onChange={(next) => choose({ by: next, key: next === 'metadata' ? search.key : undefined })}
          />
          {by === 'metadata' && (
            <MetadataKeyPicker period={period} value={key} onChange={(next) => choose({ key: next })} />
          )}
        </form>
        {by === 'metadata' && !key ? (
          keys.isPending ? (
            <Skeleton className="h-60 w-full" />
          ) : keys.isError ? null : (
            <EmptyState title="No metadata in this period">
              None of this period&rsquo;s calls carries a metadata key to break the minutes down by.
            </EmptyState>
          )
        ) : (
          <BreakdownFigures query={{ ...period, by, key }} />
        )}
      </div>
    </SectionCard>
  )
}

function BreakdownFigures({ query }: { query: BreakdownQuery }) {
  const breakdown = useQuery(usageBreakdownQueries.breakdown(query))
  const formatPhone = usePhoneFormat()
  const health = useQuery({
    ...callerIdHealthQueries.health({ from: query.from, to: query.to }),
    enabled: query.by === 'caller_id',
  })
  if (breakdown.isPending) return <Skeleton className="h-60 w-full" />
  if (breakdown.isError)
    return (
      <ErrorState
        title="Could not load the breakdown"
        error={breakdown.error}
        onRetry={() => void breakdown.refetch()}
      />
    )
  const data = breakdown.data
  // Caller IDs written as on every other page; the key (and the CSV) keeps the number as the service sent it.
  const rows = breakdownRows(data).map((row) =>
    query.by === 'caller_id' && row.key === row.label ? { ...row, label: formatPhone(row.label) } : row,
  )
  const label = DIMENSION_LABELS[query.by]
  const what = query.by === 'metadata' ? `the value of ${query.key}` : label.what
  const zone = query.by === 'hour' || query.by === 'weekday' ? ` in ${zoneLabel(data.timeZone)}` : ''
  const download = (
    <a
      href={breakdownExportHref(query)}
      download
      className="text-sm font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300"
    >
      Download CSV
    </a>
  )
  if (data.totals.calls === 0)
    return (
      <EmptyState title="No calls in this period" action={download}>
        The call index holds no call created in this period.
      </EmptyState>
    )
  return (
    <div className="space-y-4" data-breakdown={query.by}>
      <FiguresChart
        rows={rows}
        testId="usage-breakdown-chart"
        lying={!isSeries(query.by)}
        caption={`Billed minutes by ${what}${zone}${isSeries(query.by) ? ', in order' : ', most first'}${data.truncated ? ', the rest added up in "Other"' : ''}. The same numbers are in the table below.`}
      />
      <FiguresTable
        rows={rows}
        totals={data.totals}
        caption={`Minutes, calls, answer rate and average duration by ${what}`}
        rowHeader={query.by === 'metadata' ? (query.key ?? label.column) : label.column}
        note={query.by === 'caller_id' ? healthNote(health.data) : undefined}
      />
      <div className="flex flex-wrap items-center gap-4">
        {download}
        {query.by === 'caller_id' && health.isError && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Caller-ID health could not be read, so no flag is shown.
          </p>
        )}
        {data.truncated && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            More values than fit: the smallest are added up in the &ldquo;Other&rdquo; row.
          </p>
        )}
      </div>
    </div>
  )
}
