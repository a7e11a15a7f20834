import type { CallerIdListItem } from '@/api/contract/schemas'
import { useTimeZone } from '@/api/preferences'
import { RevealedText } from '@/components/revealed-text'
import { Timestamp } from '@/components/timestamp'
import { Badge } from '@/components/ui/badge'
import { CopyButton } from '@/components/ui/copy-button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { usePhoneFormat } from '@/lib/phone-format'
import { zoneAbbreviation } from '@/lib/time-zone'
import { HealthCells, HealthHeads, type HealthState } from './health-cells'
import { cnamStatusLook, verificationStatusLook } from './status-labels'

/** Each row's health, for people who read usage; `period`: with the current period's column. */
export interface HealthColumns {
  stateOf: (phoneNumber: string) => HealthState
  period: boolean
}

/**
 * Five columns, and the health's with `health`: on a phone the table scrolls sideways, and says so, rather
 * than cutting columns off.
 */
export function CallerIdsTable({
  callerIds,
  health,
}: {
  callerIds: readonly CallerIdListItem[]
  health?: HealthColumns
}) {
  const zone = zoneAbbreviation(useTimeZone())
  const formatPhone = usePhoneFormat()
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
            {/* Health first after the number: the flag is what a manager comes for, and the table scrolls. */}
            {health && <HealthHeads period={health.period} />}
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
                {health && <HealthCells state={health.stateOf(item.phone_number)} period={health.period} />}
                <TableCell>
                  <RevealedText text={item.cnam_display_name} empty="No name" />
                </TableCell>
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
