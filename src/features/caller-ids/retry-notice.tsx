import { type RetryInfo, retryingText } from '@/api/idempotent-submit'

/** Announced while a start retries by itself. */
export function RetryNotice({ retrying }: { retrying: RetryInfo | null }) {
  return (
    <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
      {retrying && retryingText(retrying, 'The verification is started only once.')}
    </p>
  )
}
