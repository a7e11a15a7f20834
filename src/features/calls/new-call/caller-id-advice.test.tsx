// New call's caller-ID note says what the console knows: that no caller ID was used for the number only when the
// console answered so, not when its answer could not be had.
import { QueryClient } from '@tanstack/react-query'
import { createRootRoute } from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '@/test/render-routes'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { CallerIdSuggestionNote } from './caller-id-advice'

const fetchMock = stubFetch()

/** The note for a German number, with only a US caller ID to offer: nothing shares its country. */
function renderNote(lastUsed: () => Response) {
  fetchMock.mockImplementation((input) => {
    const url = String(input)
    if (url.startsWith('/api/console/caller-ids/flagged')) return Promise.resolve(json(200, { flagged: [] }))
    if (url.startsWith('/api/console/caller-id-suggestion')) return Promise.resolve(lastUsed())
    return new Promise<Response>(() => {})
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const rootRoute = createRootRoute({
    component: () => (
      <CallerIdSuggestionNote
        callerIds={['+14155550100']}
        destination={{ e164: '+493012345678', error: null }}
        chosen="+14155550100"
        onChoose={() => {}}
      />
    ),
  })
  renderRoutes(rootRoute, '/', client)
}

describe('the caller-ID note with nothing to suggest', () => {
  it('says none was used for the number when the console answered so', async () => {
    renderNote(() => json(200, { to: '+493012345678', lastUsed: null }))
    expect(
      await screen.findByText(
        'No caller ID to suggest: none was used for this number, and none shares its area code or country.',
      ),
    ).toBeTruthy()
  })

  it('says only that there is none to suggest when the console could not say which was used', async () => {
    renderNote(() =>
      json(
        503,
        { type: 'about:blank', title: 'Store unavailable', status: 503 },
        { 'Content-Type': 'application/problem+json' },
      ),
    )
    expect(await screen.findByText('No caller ID to suggest for this number.')).toBeTruthy()
    expect(screen.queryByText(/none was used/)).toBeNull()
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('false')
  })
})
