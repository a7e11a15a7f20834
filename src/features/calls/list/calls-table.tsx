import { Link } from '@tanstack/react-router'
import type { CallListItem } from '@/api/schemas'
import { CopyButton } from '@/components/ui/copy-button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatDuration } from '@/lib/format'
import { CallStatusBadge } from '../shared/call-status-badge'
import { RelativeTime } from '../shared/relative-time'

const headClass = 'font-semibold uppercase tracking-wide'

export function CallsTable({ calls }: { calls: CallListItem[] }) {
  return (
    <Table containerClassName="rounded-lg border border-slate-200 dark:border-slate-800">
      <caption className="sr-only">Calls, newest first</caption>
      <TableHeader className="border-b-0 bg-slate-50 dark:bg-slate-900">
        <TableRow>
          <TableHead className={headClass}>Status</TableHead>
          <TableHead className={headClass}>Destination</TableHead>
          <TableHead className={headClass}>Caller ID</TableHead>
          <TableHead className={headClass}>Duration</TableHead>
          <TableHead className={headClass}>Created</TableHead>
          <TableHead className={headClass}>Call ID</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {calls.map((call) => (
          <TableRow
            key={call.call_id}
            // One link per row, stretched over it: the whole row opens the call, and the keyboard stops once per row.
            className="group relative border-slate-200 hover:bg-slate-50 has-[:focus-visible]:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900/60 dark:has-[:focus-visible]:bg-slate-900/60"
          >
            <TableCell>
              <CallStatusBadge status={call.status} />
            </TableCell>
            <TableCell className="font-medium">
              <Link
                to="/calls/$callId"
                params={{ callId: call.call_id }}
                className="text-indigo-700 underline-offset-2 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-indigo-600 dark:text-indigo-300"
              >
                {call.destination}
              </Link>
            </TableCell>
            <TableCell>{call.caller_id}</TableCell>
            <TableCell className="tabular-nums">{formatDuration(call.duration_seconds)}</TableCell>
            <TableCell className="whitespace-nowrap">
              <RelativeTime iso={call.created_at} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <code className="font-mono text-xs">{call.call_id}</code>
              <CopyButton
                value={call.call_id}
                label={`Copy call ID ${call.call_id}`}
                variant="ghost"
                size="xs"
                className="relative z-10"
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
