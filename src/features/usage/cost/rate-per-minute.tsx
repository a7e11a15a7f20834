import { useQuery } from '@tanstack/react-query'
import { rateUnitLabel } from '@/api/contract/rate-unit-schemas'
import { rateUnitQueries } from '@/api/rate-unit'
import { formatRate } from './money'

/** The account's rate in money once an admin has said what it counts; the figure and what is missing until then. */
export function RatePerMinute({ rate }: { rate: number }) {
  const stated = useQuery(rateUnitQueries.current()).data?.rateUnit
  if (!stated)
    return (
      <>
        <span className="font-mono">{rate}</span>{' '}
        <span className="text-xs text-slate-600 dark:text-slate-400">(an admin sets what it counts, under Cost)</span>
      </>
    )
  return (
    <>
      {formatRate(rate, stated)}{' '}
      <span className="text-xs text-slate-600 dark:text-slate-400">
        ({rate} {rateUnitLabel(stated.divisor).toLowerCase()}, {stated.currency})
      </span>
    </>
  )
}
