// @vitest-environment jsdom
// A call the service listed but answers 404 for (its lists and its reads disagree for a while) is not "Call not
// found": the page says so, shows the listed row, and reads again by itself until the call is there.
import { QueryClient } from '@tanstack/react-query'
import { createRootRoute, createRoute, Outlet } from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { callQueries } from '@/api/calls'
import { renderRoutes } from '@/test/render-routes'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { CallRouteError } from './call-route-error'

const fetchMock = stubFetch()
const ID = 'call_late0001'
const row = {
  call_id: ID,
  status: 'DIALER_COMPLETED',
  caller_id: '+14155550100',
  destination: '+15005550006',
  duration_seconds: 95,
  created_at: '2026-11-22T03:00:00Z',
}
const detail = { ...row, billed_minutes: 2, metadata: {} }
const status = { call_id: ID, status: 'DIALER_COMPLETED', duration_seconds: 95, updated_at: '2026-11-22T03:02:00Z' }
const notFound = () => json(404, { title: 'Not found', status: 404, detail: 'No call with this ID.' })

function renderCallPage(queryClient: QueryClient) {
  const rootRoute = createRootRoute({ component: Outlet })
  const callRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/calls/$callId',
    // As the call route loads it (routes/calls/$callId.tsx).
    loader: ({ params }) =>
      Promise.all([
        queryClient.ensureQueryData(callQueries.detail(params.callId)),
        queryClient.ensureQueryData(callQueries.status(params.callId)),
      ]),
    errorComponent: CallRouteError,
    component: () => <p>The call's page</p>,
  })
  renderRoutes(rootRoute.addChildren([callRoute]), `/calls/${ID}`, queryClient)
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })
const findStatusMissing = () =>
  screen.findByText('The service listed this call but does not return its status yet.', {}, { timeout: 10_000 })

describe('a call the service listed but does not return', () => {
  it('shows the listed row, says the service does not return it yet, and loads the call once it does', async () => {
    const queryClient = client()
    queryClient.setQueryData(callQueries.list({ limit: 50 }).queryKey, { calls: [row], next_cursor: null })
    let known = false
    fetchMock.mockImplementation(async (input) => {
      const url = String(input)
      if (!known) return notFound()
      return json(200, url.endsWith('/status') ? status : detail)
    })
    renderCallPage(queryClient)
    expect(
      await screen.findByText(
        'The service listed this call but does not return its details yet.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy()
    expect(screen.getByText(/Checking again every 5 seconds/)).toBeTruthy()
    expect(screen.getByText('To').nextElementSibling?.textContent).toMatch(/500.*555.*0006/)
    expect(screen.queryByText('Call not found')).toBeNull()

    known = true
    expect(await screen.findByText("The call's page", {}, { timeout: 8_000 })).toBeTruthy()
  })

  it('says its status is what is missing when only the detail answered', async () => {
    fetchMock.mockImplementation(async (input) => (String(input).endsWith('/status') ? notFound() : json(200, detail)))
    renderCallPage(client())
    expect(await findStatusMissing()).toBeTruthy()
  })

  // A fresh-clone CI saw "Call not found" here: the status's 404 came back first, and the route's error drew the page
  // while the detail was still on its way.
  it('says its status is missing, not "Call not found", when the status 404 comes back before the detail', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith('/status')) return notFound()
      await new Promise((resolve) => setTimeout(resolve, 300))
      return json(200, detail)
    })
    renderCallPage(client())
    expect(await findStatusMissing()).toBeTruthy()
    expect(screen.queryByText('Call not found')).toBeNull()
  })

  it('is "Call not found" when nobody listed it and the service does not know it', async () => {
    fetchMock.mockImplementation(async () => notFound())
    renderCallPage(client())
    expect(await screen.findByRole('heading', { name: 'Call not found' }, { timeout: 10_000 })).toBeTruthy()
  })
})
