import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { stubFetch } from '@/test/stub-fetch'
import { callQueries } from './calls'
import type { CallStatusResponse } from './contract/schemas'

const fetchMock = stubFetch()

const status = (value: CallStatusResponse['status'], updatedAt: string): CallStatusResponse => ({
  call_id: 'call_1',
  status: value,
  duration_seconds: value === 'DIALER_COMPLETED' ? 42 : null,
  started_at: '2026-11-24T10:00:00Z',
  updated_at: updatedAt,
})
const answer = (body: CallStatusResponse) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })

describe('a call status in the cache', () => {
  it('keeps a pushed ending when a poll sent before it answers after it', async () => {
    const queryClient = new QueryClient()
    const query = callQueries.status('call_1')
    let poll: (response: Response) => void = () => {}
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (poll = resolve)))
    const polled = queryClient.fetchQuery(query)
    await new Promise((resolve) => setTimeout(resolve, 0))
    queryClient.setQueryData(query.queryKey, status('DIALER_COMPLETED', '2026-11-24T10:01:00Z'))
    poll(answer(status('DIALER_RINGING', '2026-11-24T10:00:05Z')))
    await polled
    expect(queryClient.getQueryData(query.queryKey)?.status).toBe('DIALER_COMPLETED')
  })

  it('takes a poll that is as new or newer', async () => {
    const queryClient = new QueryClient()
    const query = callQueries.status('call_1')
    queryClient.setQueryData(query.queryKey, status('DIALER_RINGING', '2026-11-24T10:00:05Z'))
    fetchMock.mockResolvedValueOnce(answer(status('DIALER_COMPLETED', '2026-11-24T10:01:00Z')))
    await queryClient.fetchQuery(query)
    expect(queryClient.getQueryData(query.queryKey)?.status).toBe('DIALER_COMPLETED')
  })
})
