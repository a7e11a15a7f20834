import { useTimeZone } from '@/api/preferences'
import type { CallerIdListItem } from '@/api/schemas'
import { Timestamp } from '@/components/timestamp'
import { Badge } from '@/components/ui/badge'
import { CopyButton } from '@/components/ui/copy-button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatPhone } from '@/lib/phone'
import { zoneAbbreviation } from '@/lib/time-zone'
import { cnamStatusLook, verificationStatusLook } from './status-labels'

/** Five columns: on a phone the table scrolls sideways, and says so, rather than cutting columns off. */
export function CallerIdsTable({ callerIds }: { callerIds: readonly CallerIdListItem[] }) {
  const zone = zoneAbbreviation(useTimeZone())
  return (
    <>
      <p className="text-xs text-slate-600 sm:hidden dark:text-slate-400" aria-hidden="true">
        Scroll the table sideways to see every column →
      </p>
      <Table regionLabel="Caller IDs table">
        <caption className="sr-only">Caller IDs of the account</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Phone number</TableHead>
            <TableHead>Display name (CNAM)</TableHead>
            <TableHead>Verification</TableHead>
            <TableHead>CNAM status</TableHead>
            <TableHead>Verified ({zone})</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {callerIds.map((item) => {
            const verification = verificationStatusLook(item.verification_status)
            const cnam = cnamStatusLook(item.cnam_status)
            return (
              <TableRow key={item.id}>
                <TableHead scope="row">
                  <span className="flex items-center gap-2">
                    <span className="font-medium tabular-nums whitespace-nowrap" title={item.phone_number}>
                      {formatPhone(item.phone_number)}
                    </span>
                    <CopyButton value={item.phone_number} label={`Copy ${item.phone_number}`} />
                  </span>
                </TableHead>
                <TableCell>{item.cnam_display_name}</TableCell>
                <TableCell>
                  <Badge tone={verification.tone}>{verification.label}</Badge>
                </TableCell>
                <TableCell>
                  <Badge tone={cnam.tone}>{cnam.label}</Badge>
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {item.verified_at ? <Timestamp iso={item.verified_at} /> : '—'}
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
    </>
  )
}
