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
 * Five columns, and the health's with `health`, from sm (CallerIdCards below): the status first after the number,
 * so it is always in sight; where the rest does not fit (health at 1366 px) the table scrolls sideways and says so.
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
      {/* Eleven columns with health: a narrower gutter keeps most in sight at 1366 px, and whenever some are not,
          a line says so and the table is a region a keyboard scrolls. */}
      <Table overflowLabel="Caller IDs table" containerClassName="hidden sm:block" className="[&_td]:px-2 [&_th]:px-2">
        <caption className="sr-only">Caller IDs of the account</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Phone number</TableHead>
            {/* The status beside the number, then health (the flag is what a manager comes for): where the table
                scrolls, on a phone, both are in sight before anything is scrolled. */}
            <TableHead>Verification</TableHead>
            {health && <HealthHeads period={health.period} />}
            <TableHead>Display name (CNAM)</TableHead>
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
                <TableCell>
                  <Badge tone={verification.tone}>{verification.label}</Badge>
                </TableCell>
                {health && <HealthCells state={health.stateOf(item.phone_number)} period={health.period} />}
                <TableCell>
                  <RevealedText text={item.cnam_display_name} empty="No name" />
                </TableCell>
                <TableCell>
                  <Badge tone={cnam.tone}>{cnam.label}</Badge>
                </TableCell>
                <TableCell>{item.verified_at ? <Timestamp iso={item.verified_at} /> : '—'}</TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
    </>
  )
}
