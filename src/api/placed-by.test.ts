import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { jsonResponse, stubFetch } from '@/test/stub-fetch'
import { placedByQueries } from './placed-by'

const fetchMock = stubFetch()

describe('placed-by queries', () => {
  it('ask once for a whole page of calls, whatever their order', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { placedBy: { call_b: { userId: 'usr_1', email: 'a@x.test' } } }))
    const client = new QueryClient()
    const answer = await client.fetchQuery(placedByQueries.calls(['call_b', 'call_a', 'call_b']))
    await client.fetchQuery(placedByQueries.calls(['call_a', 'call_b']))

    expect(answer.placedBy.call_b?.email).toBe('a@x.test')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/console/placed-by?call_id=call_a&call_id=call_b')
  })
})
