import { Skeleton } from '@/components/ui/skeleton'

/** A section's table while its first answer is on its way. */
export function TableSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="space-y-2" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of equal rows, never reordered.
        <Skeleton key={index} className="h-8 w-full" />
      ))}
    </div>
  )
}
