import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callQueries } from '@/api/calls'
import type { LiveCallEntry } from '@/api/contract/live-schemas'
import { createLiveQuerySync } from './live-query-sync'

const listKey = callQueries.list({ limit: 25 }).queryKey

const entry = (callId: string): LiveCallEntry => ({
  call: {
    call_id: callId,
    status: 'DIALER_RINGING',
    duration_seconds: null,
    started_at: '2026-11-24T10:00:00Z',
    updated_at: '2026-11-24T10:00:01Z',
    caller_id: '+14155550100',
    destination: '+15005550006',
  },
  placedBy: null,
  onBoard: true,
})

describe('lists refreshed for a call they do not hold', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('asks again after the index has had its moment to write the call', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })
    const queryFn = vi.fn(async () => ({ calls: [], next_cursor: null }))
    const stop = new QueryObserver(queryClient, { queryKey: listKey, queryFn }).subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    expect(queryFn).toHaveBeenCalledTimes(1)

    const live = createLiveQuerySync(queryClient)
    live.sync(entry('call_new'))
    await vi.advanceTimersByTimeAsync(999)
    expect(queryFn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(queryFn).toHaveBeenCalledTimes(2)
    live.stop()
    stop()
  })

  it('lets a list that is still asking (or retrying a failure) go on, rather than starting it over', async () => {
    const queryClient = new QueryClient()
    const signals: AbortSignal[] = []
    // The first answer comes; the refresh after it hangs, as a request under way or a failure being retried.
    const queryFn = vi.fn(({ signal }: { signal: AbortSignal }) => {
      signals.push(signal)
      return signals.length === 1 ? Promise.resolve({ calls: [], next_cursor: null }) : new Promise<never>(() => {})
    })
    const observer = new QueryObserver(queryClient, { queryKey: listKey, queryFn })
    const stop = observer.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    void observer.refetch()
    await vi.advanceTimersByTimeAsync(0)
    expect(queryFn).toHaveBeenCalledTimes(2)

    const live = createLiveQuerySync(queryClient)
    live.sync(entry('call_new'))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(queryFn).toHaveBeenCalledTimes(2)
    expect(signals[1]?.aborted).toBe(false)
    live.stop()
    stop()
  })
})
