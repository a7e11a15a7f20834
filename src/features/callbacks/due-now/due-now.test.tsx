import { createRootRoute, createRoute } from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { callbackQueries } from '@/api/callbacks'
import type { Callback } from '@/api/contract/callback-schemas'
import { renderRoutes } from '@/test/render-routes'
import { agentSession, signedInClient } from '@/test/signed-in'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import DueNow from './due-now'

const fetchMock = stubFetch()

const ana = { user_id: 'usr_1', email: 'ana@example.test' }
const due: Callback = {
  id: 'cb_due1',
  call_id: 'call_1',
  number: '+13125550123',
  caller_id: '+14155550100',
  metadata: {},
  due_at: '2026-12-07T10:00:00Z',
  owner: ana,
  created_by: ana,
  created_at: '2026-12-07T09:55:00Z',
  done_at: null,
  done_by: null,
  done_call_id: null,
  cancelled_at: null,
  time_zones: ['America/Chicago'],
}

describe('DueNow', () => {
  it('asks again for a notice whose claim got no answer, with the next answer of the same due list', async () => {
    vi.stubGlobal('scrollTo', () => {})
    const claims: string[] = []
    const shown: string[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost')
      if (init?.method !== 'POST') return json(200, { callbacks: [due] })
      if (url.searchParams.get('shown') === 'true') {
        shown.push(url.searchParams.get('tab') ?? '')
        return json(200, { first: true })
      }
      // Each claim asks the console to hold it for this tab until the tab says it showed it.
      expect(url.searchParams.get('hold')).toBe('true')
      claims.push(url.searchParams.get('tab') ?? '')
      if (claims.length === 1) throw new TypeError('Failed to fetch')
      return json(200, { first: true })
    })
    const client = signedInClient(agentSession(['callbacks:work']))
    const rootRoute = createRootRoute({ component: DueNow })
    renderRoutes(
      rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/callbacks' })]),
      '/',
      client,
    )
    expect(await screen.findByRole('link', { name: '1 due now' })).toBeTruthy()
    await expect.poll(() => claims.length).toBe(1)
    expect(screen.queryByText(/^Callback due:/)).toBeNull()

    await client.refetchQueries({ queryKey: callbackQueries.open(true).queryKey })
    expect(await screen.findByText(/^Callback due:/)).toBeTruthy()
    // The same tab, named the same both times: the console answers it `first` again if its first claim was noted.
    expect(claims).toHaveLength(2)
    expect(claims[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(claims[1]).toBe(claims[0])
    // Shown, it says so, as the same tab: the console then gives it to no other.
    await expect.poll(() => shown).toEqual([claims[0]])
  })
})
