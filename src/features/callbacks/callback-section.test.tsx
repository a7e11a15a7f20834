// @vitest-environment jsdom
// A callback worked from the keyboard leaves its list: the list says what was done, and the focus goes to the next
// callback (else the one before, else the list's heading), never to the page's start.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { callbackQueries } from '@/api/callbacks'
import type { Callback } from '@/api/contract/callback-schemas'
import type { SessionResponse } from '@/api/contract/console-schemas'
import { sessionQueries } from '@/api/session'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { CallbackSection } from './callback-section'

const fetchMock = stubFetch()
const ana = { user_id: 'u1', email: 'ana@example.com' }
const callbackTo = (id: string, number: string): Callback => ({
  id,
  call_id: `call_${id}`,
  number,
  caller_id: '+14155550100',
  metadata: {},
  due_at: '2026-12-08T16:00:00.000Z',
  owner: ana,
  created_by: ana,
  created_at: '2026-12-08T15:00:00.000Z',
  done_at: null,
  done_by: null,
  done_call_id: null,
  cancelled_at: null,
  time_zones: [],
})

/** The console's callbacks: a list that Mark done and Cancel take from. */
function serve(open: Callback[]) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname
    const worked = path.match(/\/callbacks\/([^/]+)\/(done|cancel)$/)
    if (init?.method === 'POST' && worked) {
      const found = open.find((callback) => callback.id === worked[1])
      open.splice(open.indexOf(found as Callback), 1)
      return json(200, { ...found, done_at: '2026-12-08T16:01:00.000Z' })
    }
    return json(200, { callbacks: open })
  })
}

function ComingUp() {
  const query = useQuery(callbackQueries.open(false))
  return (
    <CallbackSection
      title="Coming up"
      empty="No callbacks are planned."
      query={query}
      userId="u1"
      canCall={false}
      oversees={false}
    />
  )
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const session: SessionResponse = {
    user: { id: 'u1', email: 'ana@example.com', role: 'support' },
    permissions: ['callbacks:work'],
    preferences: { timeZone: 'UTC' },
  }
  client.setQueryData(sessionQueries.current().queryKey, session)
  render(
    <QueryClientProvider client={client}>
      <ComingUp />
    </QueryClientProvider>,
  )
}

const row = (number: string) => screen.getByRole('listitem', { name: `Callback to ${number}` })

describe('a list of callbacks, worked from the keyboard', () => {
  it('says what was done and keeps the focus in the list as callbacks leave it', async () => {
    serve([callbackTo('cb_1', '+12125550101'), callbackTo('cb_2', '+12125550102')])
    renderSection()
    const user = userEvent.setup()
    await screen.findByRole('listitem', { name: 'Callback to +1 212 555 0101' })

    // Move, then Keep it: the form closes and the focus is back on Move.
    await user.click(within(row('+1 212 555 0101')).getByRole('button', { name: 'Move' }))
    await user.click(screen.getByRole('button', { name: 'Keep it' }))
    expect(document.activeElement).toBe(within(row('+1 212 555 0101')).getByRole('button', { name: 'Move' }))

    await user.click(within(row('+1 212 555 0101')).getByRole('button', { name: 'Mark done' }))
    expect(await screen.findByText('Marked done: the callback to +1 212 555 0101.')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Marked done: the callback to +1 212 555 0101.')
    expect(screen.queryByRole('listitem', { name: 'Callback to +1 212 555 0101' })).toBeNull()
    // The next callback's first button.
    expect(document.activeElement).toBe(within(row('+1 212 555 0102')).getByRole('button', { name: 'Mark done' }))

    await user.keyboard('{Tab}{Tab}{Enter}')
    expect(await screen.findByText('Cancelled the callback to +1 212 555 0102.')).toBeTruthy()
    expect(await screen.findByText('No callbacks are planned.')).toBeTruthy()
    // The last one gone: the list's heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Coming up' }))
  })
})
