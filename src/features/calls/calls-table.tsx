import { Link } from '@tanstack/react-router'
import type { CallListItem } from '@/api/schemas'
import { formatDuration } from '@/lib/format'
import { CallStatusBadge } from './call-status-badge'
import { CopyButton } from './copy-button'
import { RelativeTime } from './relative-time'

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400'
const td = 'px-3 py-2 align-middle'

export function CallsTable({ calls }: { calls: CallListItem[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full text-sm">
        <caption className="sr-only">Calls, newest first</caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Destination
            </th>
            <th scope="col" className={th}>
              Caller ID
            </th>
            <th scope="col" className={th}>
              Duration
            </th>
            <th scope="col" className={th}>
              Created
            </th>
            <th scope="col" className={th}>
              Call ID
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {calls.map((call) => (
            <tr key={call.call_id} className="hover:bg-slate-50 dark:hover:bg-slate-900/60">
              <td className={td}>
                <CallStatusBadge status={call.status} />
              </td>
              <td className={`${td} font-medium`}>
                <Link
                  to="/calls/$callId"
                  params={{ callId: call.call_id }}
                  className="text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                >
                  {call.destination}
                </Link>
              </td>
              <td className={td}>{call.caller_id}</td>
              <td className={`${td} tabular-nums`}>{formatDuration(call.duration_seconds)}</td>
              <td className={`${td} whitespace-nowrap`}>
                <RelativeTime iso={call.created_at} />
              </td>
              <td className={`${td} whitespace-nowrap`}>
                <code className="font-mono text-xs">{call.call_id}</code>
                <CopyButton value={call.call_id} label={`Copy call ID ${call.call_id}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
