import type { ReactNode } from 'react'
import type { QueryTerm } from '@/api/contract/call-query'
import { useTimeZone } from '@/api/preferences'
import { CallStatusBadge } from '@/components/call-status-badge'
import { CALL_TABLE_FRAME, CallColumn, CallLink, CallTableHeader, DENSE_TABLE } from '@/components/call-table'
import { PlacedBy } from '@/components/placed-by'
import { RevealedText } from '@/components/revealed-text'
import { Timestamp } from '@/components/timestamp'
import { CopyButton } from '@/components/ui/copy-button'
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table'
import { cn } from '@/lib/cn'
import { formatDuration } from '@/lib/format'
import { listRow, rowCopyButton } from '@/lib/list-row'
import { usePhoneFormat } from '@/lib/phone-format'
import { zoneAbbreviation } from '@/lib/time-zone'
import { Highlighted } from './highlighted'
import { RecordingMark } from './recording-mark'
import { matchedMetadata, numberMatches } from './search-matches'
import type { CallRow, PlacedByAnswer } from './use-calls-view'
import { useRowLink } from './use-row-link'

interface CallsTableProps {
  calls: CallRow[]
  /** Who placed the calls on screen: one answer for the page, never a request per row. */
  placedBy: PlacedByAnswer
  /** The index knows which calls have a recording and their outcome; the API's list does not. */
  showRecording: boolean
  /** The search's terms, to mark what matched. */
  terms: readonly QueryTerm[]
}

/** A number as the list shows it, with the digits a search matched marked. */
function Phone({ e164, terms }: { e164: string | null | undefined; terms: readonly QueryTerm[] }) {
  const formatPhone = usePhoneFormat()
  if (!e164) return <NotGivenText />
  const text = formatPhone(e164)
  return <Highlighted text={text} ranges={numberMatches(text, terms)} />
}

/** A value the service left out (the spec never says which can be null). */
function NotGivenText() {
  return <span className="text-slate-600 dark:text-slate-400">Not given</span>
}

/** The outcome recorded after the call (issue 51); a dash until someone records one. */
function Outcome({ outcome }: { outcome: CallRow['outcome'] }) {
  return outcome ? <span>{outcome.label}</span> : <span className="text-slate-600 dark:text-slate-400">—</span>
}

/** The metadata entries the search's words matched, so a row found by its ticket says so. */
function MetadataMatches({ call, terms }: { call: CallRow; terms: readonly QueryTerm[] }) {
  const matches = matchedMetadata(call.metadata, terms)
  if (matches.length === 0) return null
  return (
    <ul
      aria-label="Matched metadata"
      className="mt-1 space-y-0.5 text-xs font-normal text-slate-700 dark:text-slate-300"
    >
      {matches.map(({ key, value, ranges }) => (
        <li key={key} className="wrap-anywhere">
          <span className="text-slate-600 dark:text-slate-400">
            <RevealedText text={key} />:
          </span>{' '}
          <Highlighted text={value} ranges={ranges} />
        </li>
      ))}
    </ul>
  )
}

/**
 * The calls as a table from `sm` up and as stacked cards below it, where eight columns do not fit:
 * every field of a row stays on screen. The table is dense (one line a row, see call-table.tsx), so a
 * laptop's screen shows a dozen calls under the filters. Only one of the two is displayed, so only one is in the
 * accessibility tree.
 */
export function CallsTable({ calls, placedBy, showRecording, terms }: CallsTableProps) {
  const rowLink = useRowLink()
  const zone = zoneAbbreviation(useTimeZone())
  return (
    <>
      <Table
        containerClassName={cn('hidden sm:block', CALL_TABLE_FRAME)}
        className={DENSE_TABLE}
        overflowLabel="Calls table"
      >
        <caption className="sr-only">Calls, newest first</caption>
        <CallTableHeader>
          <CallColumn>Status</CallColumn>
          <CallColumn>Destination</CallColumn>
          <CallColumn>Caller ID</CallColumn>
          <CallColumn>Duration</CallColumn>
          <CallColumn>
            Created <span className="font-normal normal-case tracking-normal">({zone})</span>
          </CallColumn>
          {showRecording && <CallColumn>Recording</CallColumn>}
          {/* From 1536 px: below, a laptop's row keeps every other column whole and a dozen rows above the fold
              (e2e/density.spec.ts); the Outcome filter, the call page and the cards show it there. */}
          {showRecording && <CallColumn className="hidden 2xl:table-cell">Outcome</CallColumn>}
          <CallColumn>Placed by</CallColumn>
          <CallColumn>Call ID</CallColumn>
        </CallTableHeader>
        <TableBody>
          {calls.map((call) => (
            <TableRow
              key={call.call_id}
              {...rowLink(call.call_id)}
              {...listRow(call.call_id)}
              strongBorder
              className="cursor-pointer hover:bg-slate-50 has-[a:focus-visible]:bg-slate-50 dark:hover:bg-slate-900/60 dark:has-[a:focus-visible]:bg-slate-900/60"
            >
              <TableCell>
                <CallStatusBadge status={call.status} />
              </TableCell>
              <TableCell className="font-medium">
                <CallLink callId={call.call_id} className="whitespace-nowrap">
                  <Phone e164={call.destination} terms={terms} />
                </CallLink>
                <MetadataMatches call={call} terms={terms} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <Phone e164={call.caller_id} terms={terms} />
              </TableCell>
              <TableCell className="tabular-nums">{formatDuration(call.duration_seconds)}</TableCell>
              <TableCell>
                {call.created_at ? <Timestamp iso={call.created_at} variant="inline" /> : <NotGivenText />}
              </TableCell>
              {showRecording && (
                <TableCell>
                  <RecordingMark hasRecording={call.has_recording} />
                </TableCell>
              )}
              {showRecording && (
                <TableCell className="hidden whitespace-nowrap 2xl:table-cell">
                  <Outcome outcome={call.outcome} />
                </TableCell>
              )}
              <TableCell className="max-w-48">
                <PlacedBy callId={call.call_id} {...placedBy} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <code className="font-mono text-xs">{call.call_id}</code>
                <CopyButton
                  value={call.call_id}
                  label={`Copy call ID ${call.call_id}`}
                  variant="ghost"
                  size="dense"
                  {...rowCopyButton}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <CallCards calls={calls} zone={zone} placedBy={placedBy} showRecording={showRecording} terms={terms} />
    </>
  )
}

function CardField({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** Below `sm`: one card per call, its fields labelled, the destination a link that opens it. */
function CallCards({ calls, zone, placedBy, showRecording, terms }: CallsTableProps & { zone: string }) {
  const rowLink = useRowLink()
  return (
    <ul aria-label="Calls, newest first" className="space-y-2 sm:hidden">
      {calls.map((call) => (
        <li
          key={call.call_id}
          {...rowLink(call.call_id)}
          {...listRow(call.call_id)}
          className="cursor-pointer rounded-lg border border-slate-200 p-3 text-sm hover:bg-slate-50 has-[a:focus-visible]:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900/60 dark:has-[a:focus-visible]:bg-slate-900/60"
        >
          <div className="flex items-start justify-between gap-2">
            <CallLink callId={call.call_id} className="font-medium">
              <Phone e164={call.destination} terms={terms} />
            </CallLink>
            <CallStatusBadge status={call.status} />
          </div>
          <MetadataMatches call={call} terms={terms} />
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2">
            <CardField label="Caller ID">
              <span className="whitespace-nowrap">
                <Phone e164={call.caller_id} terms={terms} />
              </span>
            </CardField>
            <CardField label="Duration">
              <span className="tabular-nums">{formatDuration(call.duration_seconds)}</span>
            </CardField>
            <CardField label={`Created (${zone})`}>
              {call.created_at ? <Timestamp iso={call.created_at} /> : <NotGivenText />}
            </CardField>
            {showRecording && (
              <CardField label="Recording">
                <RecordingMark hasRecording={call.has_recording} />
              </CardField>
            )}
            {showRecording && (
              <CardField label="Outcome">
                <Outcome outcome={call.outcome} />
              </CardField>
            )}
            <CardField label="Placed by" wide={!showRecording}>
              <PlacedBy callId={call.call_id} {...placedBy} />
            </CardField>
            <CardField label="Call ID" wide>
              <span className="flex items-center gap-1">
                <code className="break-all font-mono text-xs">{call.call_id}</code>
                <CopyButton
                  value={call.call_id}
                  label={`Copy call ID ${call.call_id}`}
                  variant="ghost"
                  size="xs"
                  {...rowCopyButton}
                />
              </span>
            </CardField>
          </dl>
        </li>
      ))}
    </ul>
  )
}
