import type { CallerIdListItem } from '@/api/schemas'
import { Badge } from '@/components/ui/badge'
import { formatDateTime } from '@/lib/usage-format'
import { CopyButton } from './copy-button'
import { formatPhoneForReading } from './format-phone'
import { cnamStatusLook, verificationStatusLook } from './status-labels'

const th = 'px-3 py-2 text-left text-xs font-medium text-slate-600 dark:text-slate-400'
const td = 'px-3 py-2 text-sm'

export function CallerIdsTable({ callerIds }: { callerIds: readonly CallerIdListItem[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse">
        <caption className="sr-only">Caller IDs of the account</caption>
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <th scope="col" className={th}>
              Phone number
            </th>
            <th scope="col" className={th}>
              Display name (CNAM)
            </th>
            <th scope="col" className={th}>
              Verification
            </th>
            <th scope="col" className={th}>
              CNAM status
            </th>
            <th scope="col" className={th}>
              Verified at
            </th>
          </tr>
        </thead>
        <tbody>
          {callerIds.map((item) => {
            const verification = verificationStatusLook(item.verification_status)
            const cnam = cnamStatusLook(item.cnam_status)
            return (
              <tr key={item.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800/60">
                <th scope="row" className={`${td} text-left font-normal`}>
                  <span className="flex items-center gap-2">
                    <span className="font-medium tabular-nums whitespace-nowrap" title={item.phone_number}>
                      {formatPhoneForReading(item.phone_number)}
                    </span>
                    <CopyButton value={item.phone_number} label={`Copy ${item.phone_number}`} />
                  </span>
                </th>
                <td className={td}>{item.cnam_display_name}</td>
                <td className={td}>
                  <Badge tone={verification.tone}>{verification.label}</Badge>
                </td>
                <td className={td}>
                  <Badge tone={cnam.tone}>{cnam.label}</Badge>
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {item.verified_at ? (
                    <time dateTime={item.verified_at} title={item.verified_at}>
                      {formatDateTime(item.verified_at)}
                    </time>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
