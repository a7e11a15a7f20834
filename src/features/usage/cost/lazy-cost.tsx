// The cost parts load after the page's own (their schemas, form and tables are in no other page's first
// JavaScript, and /usage's cold load stays within its budget: npm run test:size).
import { lazy, Suspense } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { SectionCard } from '../section-card'

// One chunk for both: one dynamic import's worth of glue in the page's own script.
const parts = () => import('./cost-parts')
const CostCard = lazy(() => parts().then((part) => ({ default: part.CostCard })))
const RatePerMinute = lazy(() => parts().then((part) => ({ default: part.RatePerMinute })))

/** /usage's Cost section (issue 53, item 2). */
export function LazyCostCard(props: { now: number; timeZone: string }) {
  return (
    <Suspense
      fallback={
        <SectionCard id="cost-title" title="Cost">
          <Skeleton className="h-32 w-full" />
        </SectionCard>
      }
    >
      <CostCard {...props} />
    </Suspense>
  )
}

/** The account's rate in money once it is known what it counts; the bare figure meanwhile. */
export function LazyRatePerMinute({ rate }: { rate: number }) {
  return (
    <Suspense fallback={<span className="font-mono">{rate}</span>}>
      <RatePerMinute rate={rate} />
    </Suspense>
  )
}
