import { formatPeriodParts, periodInUtcText } from '@/lib/usage-format'

/**
 * A billing period, written as everywhere on the page (formatPeriod): its instants on the reader's clock,
 * the same period in UTC on hover, the API's own values in the dateTime attributes.
 */
export function PeriodRange({ start, end, timeZone }: { start: string; end: string; timeZone: string }) {
  const { first, last, zone } = formatPeriodParts(start, end, timeZone)
  return (
    <span title={periodInUtcText(start, end)}>
      <time dateTime={start}>{first}</time> – <time dateTime={end}>{last}</time>
      {zone && ` (${zone})`}
    </span>
  )
}
