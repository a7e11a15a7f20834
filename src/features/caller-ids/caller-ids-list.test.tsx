import { createRootRoute, createRoute } from '@tanstack/react-router'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CallerIdListItem } from '@/api/contract/schemas'
import { renderRoutes } from '@/test/render-routes'
import { agentSession, signedInClient } from '@/test/signed-in'
import { CallerIdsList } from './caller-ids-list'
import { callerIdsUrlSearch } from './caller-ids-url'

afterEach(cleanup)
beforeEach(() => {
  // jsdom has no scrolling; the router restores scroll on navigation.
  vi.stubGlobal('scrollTo', () => {})
  return () => vi.unstubAllGlobals()
})
const user = userEvent.setup({ delay: null })

const callerId = (n: number, name: string | null): CallerIdListItem => ({
  id: `cid_${n}`,
  phone_number: `+1312555${String(n).padStart(4, '0')}`,
  verification_status: 'VERIFIED',
  cnam_display_name: name,
  cnam_status: 'APPROVED',
  verified_at: '2026-01-01T00:00:00Z',
})

const many = [
  ...Array.from({ length: 2998 }, (_, index) => callerId(index, `Branch ${index}`)),
  callerId(9001, 'Bank \u202Ekcab llac'),
  callerId(9002, ''),
]

function renderList(url: string) {
  const rootRoute = createRootRoute()
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/caller-ids',
    validateSearch: callerIdsUrlSearch,
    component: () => <CallerIdsList callerIds={many} />,
  })
  return renderRoutes(rootRoute.addChildren([page]), url, signedInClient(agentSession(['caller-ids:read'])))
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Caller IDs of the account' }))
    .getAllByRole('row')
    .slice(1)

describe('CallerIdsList', () => {
  it('shows thousands a page at a time, with the count said and pages in the URL', async () => {
    const router = renderList('/caller-ids')
    expect((await screen.findByRole('status')).textContent).toBe('3,000 caller IDs; showing 1–50.')
    expect(bodyRows()).toHaveLength(50)
    const pages = screen.getByRole('navigation', { name: 'Pages of caller IDs' })
    expect(within(pages).getByText('Page 1 of 60')).toBeTruthy()
    expect(within(pages).getByRole('link', { name: 'Previous page' }).getAttribute('aria-disabled')).toBe('true')

    await user.click(within(pages).getByRole('link', { name: 'Next page' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }))
    expect(screen.getByRole('status').textContent).toBe('3,000 caller IDs; showing 51–100.')
    expect(within(bodyRows()[0] as HTMLElement).getByText('Branch 50')).toBeTruthy()
  })

  it('filters by name or number from the URL and as typed, back to the first page', async () => {
    const router = renderList('/caller-ids?page=3&q=kcab')
    expect((await screen.findByRole('status')).textContent).toBe('1 of 3,000 caller IDs match “kcab”.')
    // The override is shown, not obeyed.
    // In the table and in the phone's cards alike (jsdom applies no CSS, so both are there).
    expect(await screen.findAllByRole('img', { name: 'Hidden character U+202E: right-to-left override' })).toHaveLength(
      2,
    )
    expect(screen.queryByRole('navigation', { name: 'Pages of caller IDs' })).toBeNull()

    const filter = screen.getByRole('searchbox', { name: 'Filter caller IDs' })
    await user.clear(filter)
    await user.type(filter, '(312) 555-9002')
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '(312) 555-9002' }))
    const [row] = bodyRows()
    expect(row && within(row).getByText('No name')).toBeTruthy()

    await user.clear(filter)
    await user.type(filter, 'nobody')
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No caller ID matches “nobody”.'))
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('falls back to the first page for a page the URL cannot mean', async () => {
    renderList('/caller-ids?page=zero')
    expect((await screen.findByRole('status')).textContent).toBe('3,000 caller IDs; showing 1–50.')
  })
})
