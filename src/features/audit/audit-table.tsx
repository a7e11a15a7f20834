import type { ReactNode } from 'react'
import type { AuditEntry } from '@/api/contract/audit-schemas'
import { useTimeZone } from '@/api/preferences'
import { Timestamp } from '@/components/timestamp'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { listRow } from '@/lib/list-row'
import { zoneAbbreviation } from '@/lib/time-zone'
import { AuditActorText, AuditEntryDetail, AuditOutcome, AuditTarget, OrNone } from './audit-entry-parts'
import { AUDIT_ACTION_LABELS } from './audit-labels'

const headClass = 'font-semibold uppercase tracking-wide'

/** The call an entry is about (a call placed or replayed), for the keyboard's `x`. */
const auditCallId = (entry: AuditEntry) =>
  entry.target && /^call_[0-9A-Za-z]+$/.test(entry.target) ? entry.target : null

/**
 * The entries as a table from `md` up and as stacked cards below it, where seven columns do not
 * fit. Only one of the two is displayed, so only one is in the accessibility tree.
 */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const zone = zoneAbbreviation(useTimeZone())
  return (
    <>
      <Table
        regionLabel="Audit entries"
        containerClassName="hidden rounded-lg border border-slate-200 md:block dark:border-slate-800"
      >
        <caption className="sr-only">Audit entries, newest first</caption>
        <TableHeader className="border-b-0 bg-slate-50 dark:bg-slate-900">
          <TableRow>
            <TableHead className={headClass}>
              Time <span className="font-normal normal-case tracking-normal">({zone})</span>
            </TableHead>
            <TableHead className={headClass}>Who</TableHead>
            <TableHead className={headClass}>Action</TableHead>
            <TableHead className={headClass}>Target</TableHead>
            <TableHead className={headClass}>Outcome</TableHead>
            <TableHead className={headClass}>IP</TableHead>
            <TableHead className={headClass}>Details</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.seq} {...listRow(auditCallId(entry))} className="align-top">
              <TableCell className="align-top">
                <Timestamp iso={entry.at} />
              </TableCell>
              <TableCell className="min-w-40 align-top">
                <AuditActorText entry={entry} />
              </TableCell>
              <TableCell className="align-top">{AUDIT_ACTION_LABELS[entry.action]}</TableCell>
              <TableCell className="max-w-72 align-top font-mono text-xs leading-5">
                <AuditTarget entry={entry} />
              </TableCell>
              <TableCell className="align-top">
                <AuditOutcome entry={entry} />
              </TableCell>
              <TableCell className="align-top font-mono text-xs leading-5 whitespace-nowrap">
                <OrNone value={entry.ip} />
              </TableCell>
              <TableCell className="align-top">
                <AuditEntryDetail entry={entry} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <AuditCards entries={entries} zone={zone} />
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

/** Below `md`: one card per entry, the action as its title, every field labelled. */
function AuditCards({ entries, zone }: { entries: AuditEntry[]; zone: string }) {
  return (
    <ul aria-label="Audit entries, newest first" className="space-y-2 md:hidden">
      {entries.map((entry) => (
        <li
          key={entry.seq}
          {...listRow(auditCallId(entry))}
          className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
        >
          <div className="flex items-start justify-between gap-2">
            <p className="font-medium">{AUDIT_ACTION_LABELS[entry.action]}</p>
            <AuditOutcome entry={entry} />
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2">
            <CardField label={`Time (${zone})`}>
              <Timestamp iso={entry.at} />
            </CardField>
            <CardField label="Who">
              <AuditActorText entry={entry} />
            </CardField>
            <CardField label="Target" wide>
              <span className="font-mono text-xs">
                <AuditTarget entry={entry} />
              </span>
            </CardField>
            <CardField label="IP">
              <span className="font-mono text-xs">
                <OrNone value={entry.ip} />
              </span>
            </CardField>
          </dl>
          <div className="mt-2">
            <AuditEntryDetail entry={entry} />
          </div>
        </li>
      ))}
    </ul>
  )
}
