import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import type { Role, SessionResponse } from './contract/console-schemas'
import { sessionQueries, watchSessionChanges } from './session'

const as = (role: Role, id = 'usr_1'): SessionResponse => ({
  user: { id, email: `${id}@example.com`, role },
  permissions: [],
  preferences: { timeZone: 'browser' },
})

function setup(start: SessionResponse | null) {
  const queryClient = new QueryClient()
  const key = sessionQueries.current().queryKey
  queryClient.setQueryData(key, start)
  const on = { roleChanged: vi.fn(), ended: vi.fn() }
  watchSessionChanges(queryClient, on)
  /** What the server says when the tab reads the session again. */
  const serverSays = (answer: SessionResponse | null) =>
    queryClient.fetchQuery({ ...sessionQueries.current(), queryFn: async () => answer, staleTime: 0 })
  return { queryClient, key, on, serverSays }
}

describe('watchSessionChanges', () => {
  it('reports a role an admin changed, once, when the server first says so', async () => {
    const { on, serverSays } = setup(as('support'))
    await serverSays(as('support'))
    expect(on.roleChanged).not.toHaveBeenCalled()
    await serverSays(as('manager'))
    await serverSays(as('manager'))
    expect(on.roleChanged).toHaveBeenCalledOnce()
    expect(on.ended).not.toHaveBeenCalled()
  })

  it('reports a session the server ended', async () => {
    const { on, serverSays } = setup(as('support'))
    await serverSays(null)
    expect(on.ended).toHaveBeenCalledOnce()
  })

  it("ignores what the tab itself set: a sign-in, a sign-out, another person's sign-in", async () => {
    const { queryClient, key, on, serverSays } = setup(null)
    queryClient.setQueryData(key, as('support'))
    queryClient.setQueryData(key, null)
    queryClient.setQueryData(key, as('admin', 'usr_2'))
    await serverSays(as('admin', 'usr_2'))
    expect(on.roleChanged).not.toHaveBeenCalled()
    expect(on.ended).not.toHaveBeenCalled()
  })
})
