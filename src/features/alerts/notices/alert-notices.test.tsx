// @vitest-environment jsdom
// The alerts banner above every page: a notice that fires while a page is open waits for the next page, so nothing
// moves under the pointer; one dismissed here goes at once.
import { useQuery } from '@tanstack/react-query'
import { createRootRoute, createRoute, Outlet } from '@tanstack/react-router'
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { alertQueries } from '@/api/alerts'
import type { AlertFiring } from '@/api/contract/alert-schemas'
import { renderRoutes } from '@/test/render-routes'
import { agentSession, signedInClient } from '@/test/signed-in'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import AlertNotices from './alert-notices'

const fetchMock = stubFetch()

const firing: AlertFiring = {
  id: 'alf_1',
  ruleId: 'alr_1',
  kind: 'usage-percent',
  periodStart: '2026-12-01T00:00:00Z',
  subject: null,
  firedAt: '2026-12-07T10:00:00Z',
  message: 'Minutes used reached 80% of the commitment: 8,012 of 10,000.',
}

/** What the tab has read of the notices, rendered beside the banner. */
function ReadProbe() {
  const { data } = useQuery(alertQueries.notices())
  return <p>{data?.notices.length ?? 0} notice read</p>
}

describe('AlertNotices', () => {
  it('shows a notice that fired while the page was open on the next page, and hides one dismissed here at once', async () => {
    vi.stubGlobal('scrollTo', () => {})
    let notices: AlertFiring[] = []
    const dismissed: string[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost')
      if (init?.method === 'POST') {
        dismissed.push(url.pathname)
        notices = []
        return new Response(null, { status: 204 })
      }
      return json(200, { notices })
    })
    const client = signedInClient(agentSession(['alerts:manage']))
    const rootRoute = createRootRoute({
      component: () => (
        <>
          <AlertNotices />
          <ReadProbe />
          <Outlet />
        </>
      ),
    })
    const page = (path: string) =>
      createRoute({ getParentRoute: () => rootRoute, path, component: () => <h1>{path}</h1> })
    const router = renderRoutes(rootRoute.addChildren([page('/calls'), page('/usage')]), '/calls', client)
    expect(await screen.findByRole('heading', { name: '/calls' })).toBeTruthy()
    expect(await screen.findByText('0 notice read')).toBeTruthy()

    // It fires while /calls is open: the tab reads it (its 30 s, or focus), and the page stays as it is.
    notices = [firing]
    await client.refetchQueries({ queryKey: alertQueries.notices().queryKey })
    // The probe beside the banner reads the same answer: once it shows it, the banner has had it too.
    expect(await screen.findByText('1 notice read')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Alerts' })).toBeNull()

    // The next page leads with it.
    await router.navigate({ to: '/usage' })
    const banner = await screen.findByRole('region', { name: 'Alerts' })
    expect(banner.textContent).toContain(firing.message)

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    await expect.poll(() => screen.queryByRole('region', { name: 'Alerts' })).toBeNull()
    expect(dismissed).toHaveLength(1)
  })
})
