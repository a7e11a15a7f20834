import type { CallerIdListItem } from '@/api/schemas'
import { Badge } from '@/components/ui/badge'
import { CopyButton } from '@/components/ui/copy-button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatPhone } from '@/lib/phone'
import { formatDateTime } from '@/lib/usage-format'
import { cnamStatusLook, verificationStatusLook } from './status-labels'

export function CallerIdsTable({ callerIds }: { callerIds: readonly CallerIdListItem[] }) {
  return (
    <Table>
      <caption className="sr-only">Caller IDs of the account</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Phone number</TableHead>
          <TableHead>Display name (CNAM)</TableHead>
          <TableHead>Verification</TableHead>
          <TableHead>CNAM status</TableHead>
          <TableHead>Verified at</TableHead>
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
                {item.verified_at ? (
                  <time dateTime={item.verified_at} title={item.verified_at}>
                    {formatDateTime(item.verified_at)}
                  </time>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
