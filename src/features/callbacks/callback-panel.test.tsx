// @vitest-environment jsdom
// The call page's Callback panel while the console cannot be reached: it says so (a list it could not read is not
// a call without callbacks, where "Ask for a callback" would ask a second time), and Retry goes once it answers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { callQueries } from '@/api/calls'
import type { SessionResponse } from '@/api/contract/console-schemas'
import { sessionQueries } from '@/api/session'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { CallbackPanel } from './callback-panel'

const fetchMock = stubFetch()
const CALL = 'call_cb0001'

describe('the call page’s Callback panel', () => {
  it('says when the console cannot be reached, and its Retry goes once it answers', async () => {
    let up = false
    fetchMock.mockImplementation(async (input) => {
      if (!up) throw new TypeError('Failed to fetch')
      const path = new URL(String(input), 'http://localhost').pathname
      if (path.endsWith('/work'))
        return json(200, { outcome: null, note: null, may_edit: { outcome: true, note: true } })
      return json(200, { callbacks: [] })
    })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const session: SessionResponse = {
      user: { id: 'u1', email: 'ana@example.com', role: 'support' },
      permissions: ['callbacks:work', 'calls:create'],
      preferences: { timeZone: 'UTC' },
    }
    client.setQueryData(sessionQueries.current().queryKey, session)
    client.setQueryData(callQueries.detail(CALL).queryKey, { call: { destination: '+13125550123' } } as never)
    render(
      <QueryClientProvider client={client}>
        <CallbackPanel callId={CALL} />
      </QueryClientProvider>,
    )
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Could not load this call’s callbacks/)
    up = true
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await expect.poll(() => screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('button', { name: 'Ask for a callback' })).toBeTruthy()
  })
})
