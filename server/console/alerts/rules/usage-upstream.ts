// The evaluator's one request to the voice API: GET /usage with the console's key, within the upstream timeout.
import { type UsageSummary, usageSummary } from '../../../../src/api/contract/schemas'
import { createUpstreamGet, type UpstreamAnswer, type UpstreamOptions } from '../../proxy/upstream-get'

export interface UsageUpstream {
  usage(): Promise<UpstreamAnswer<UsageSummary>>
  /** Aborts a request under way (the console is closing). */
  close(): void
}

export function createUsageUpstream(options: UpstreamOptions): UsageUpstream {
  const { get, close } = createUpstreamGet(options)
  return { usage: () => get('/usage', usageSummary), close }
}

/** A failed answer in words, for the log. */
export function failureText(answer: Exclude<UpstreamAnswer<unknown>, { kind: 'ok' }>): string {
  if (answer.kind === 'rate-limited') return 'answered 429 (rate limited)'
  if (answer.kind === 'not-found') return 'answered 404'
  return answer.reason
}
