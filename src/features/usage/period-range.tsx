import { formatPeriodParts } from '@/lib/usage-format'

/** A billing period by its first and last day in the reader's zone, named; the API's own values stay in the dateTime attributes. */
export function PeriodRange({ start, end, timeZone }: { start: string; end: string; timeZone: string }) {
  const { first, last, zone } = formatPeriodParts(start, end, timeZone)
  return (
    <>
      <time dateTime={start}>{first}</time> – <time dateTime={end}>{last}</time>
      {zone && ` (${zone})`}
    </>
  )
}
