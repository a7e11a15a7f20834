import { formatPeriodParts } from '@/lib/usage-format'

/** A billing period by its first and last day; the API's own values stay in the dateTime attributes. */
export function PeriodRange({ start, end }: { start: string; end: string }) {
  const { first, last } = formatPeriodParts(start, end)
  return (
    <>
      <time dateTime={start}>{first}</time> – <time dateTime={end}>{last}</time>
    </>
  )
}
