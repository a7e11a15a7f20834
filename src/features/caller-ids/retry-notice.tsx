import { errorText } from '@/components/ui/error-state'
import type { RetryInfo } from '@/lib/idempotent-submit'

/** Said while a start is retried by itself, so a slow answer does not look like a hang. */
export function RetryNotice({ retrying }: { retrying: RetryInfo | null }) {
  return (
    <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
      {retrying &&
        `${errorText(retrying.error)} Trying again in ${Math.max(1, Math.round(retrying.delayMs / 1000))} s (attempt ${
          retrying.failureCount + 1
        }). The verification is started only once.`}
    </p>
  )
}
