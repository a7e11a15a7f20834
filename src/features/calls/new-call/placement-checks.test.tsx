// @vitest-environment jsdom
// New call's checks before the press, against the console's answers' shapes: a listed number and one outside the
// callee's hours disable Place call with the reason; an admin allows one call outside the hours, which enables it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { CallingHoursAnswer } from '@/api/contract/calling-hours-schemas'
import type { Permission, SessionResponse } from '@/api/contract/console-schemas'
import { sessionQueries } from '@/api/session'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { PlaceCallWait, PlacementChecksNotice } from './placement-checks'

const fetchMock = stubFetch()
const TO = '+13035550123'

const lateInDenver: CallingHoursAnswer = {
  allowed: false,
  zones: ['America/Denver'],
  local_times: ['22:14'],
  window: { start: '08:00', end: '21:00' },
  opens_at: '2026-12-07T15:00:00.000Z',
  sentence: 'It is 22:14 for the callee (America/Denver); calls are allowed 08:00–21:00.',
}

function renderChecks(role: 'support' | 'admin', destination: string | null = TO) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const permissions: Permission[] =
    role === 'admin' ? ['calls:create', 'calling-hours:override'] : ['calls:create', 'do-not-call:read']
  const session: SessionResponse = {
    user: { id: `usr_${role}`, email: `${role}@example.com`, role },
    permissions,
    preferences: { timeZone: 'UTC' },
  }
  queryClient.setQueryData(sessionQueries.current().queryKey, session)
  render(
    <QueryClientProvider client={queryClient}>
      <PlacementChecksNotice destination={destination} />
      <PlaceCallButton destination={destination} />
    </QueryClientProvider>,
  )
}

/** Place call as the form draws it: its own button, disabled by what the checks tell. */
function PlaceCallButton({ destination }: { destination: string | null }) {
  const [reason, setReason] = useState<string | null>(null)
  return (
    <>
      <PlaceCallWait destination={destination} record={false} consented={false} onWaitChange={setReason} />
      <button type="submit" disabled={reason !== null} aria-describedby={reason ?? undefined}>
        Place call
      </button>
    </>
  )
}

/** Answers the two questions (and an exception's POST) as the console would; returns what was posted. */
function serve({ entry = null, hours }: { entry?: unknown; hours: CallingHoursAnswer | 'none' }) {
  const posted: unknown[] = []
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { phone_number: string; reason: string }
      posted.push(body)
      return json(201, {
        ...body,
        allowed_by: 'admin@example.com',
        allowed_at: '2026-12-07T05:14:00.000Z',
        // Far ahead, so that the test never depends on today's date.
        expires_at: '2999-01-01T00:00:00.000Z',
      })
    }
    if (url.pathname.endsWith('/do-not-call'))
      return json(200, { phone_number: url.searchParams.get('phone_number'), entry })
    if (url.pathname.endsWith('/calling-hours')) {
      if (hours === 'none') return json(404, { type: 'about:blank', title: 'Not found', status: 404 })
      return json(200, hours)
    }
    return json(404, { title: 'Not found', status: 404 })
  })
  return posted
}

describe('New call’s checks before the press', () => {
  it('says when, by whom and why a number was listed, and Place call says the same as it stays disabled', async () => {
    serve({
      entry: {
        phone_number: TO,
        reason: 'asked on the phone, ticket 4711',
        source: 'manual',
        added_by: 'ada@example.com',
        added_at: '2026-11-02T10:00:00.000Z',
      },
      hours: 'none',
    })
    renderChecks('support')
    const notice = await screen.findByRole('alert')
    expect(notice.textContent).toMatch('This number must not be called')
    expect(notice.textContent).toMatch(/On the do-not-call list since .*2026.* by ada@example\.com: asked on the phone/)
    const button = screen.getByRole('button', { name: 'Place call' })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    const described = document.getElementById(button.getAttribute('aria-describedby') ?? '')
    expect(described?.textContent).toMatch(/^On the do-not-call list since/)
    expect(screen.queryByText('Allow this one call')).toBeNull()
  })

  it('says nothing and leaves Place call enabled when the number is allowed, or the console has no hours', async () => {
    serve({ hours: 'none' })
    renderChecks('support')
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    expect(screen.queryByRole('alert')).toBeNull()
    expect((screen.getByRole('button', { name: 'Place call' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('outside the hours, gives the callee’s time and the window; a person who may not override only waits', async () => {
    serve({ hours: lateInDenver })
    renderChecks('support')
    expect((await screen.findByRole('alert')).textContent).toMatch(
      'It is 22:14 for the callee (America/Denver); calls are allowed 08:00–21:00.',
    )
    expect((screen.getByRole('button', { name: 'Place call' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByText('Allow this one call')).toBeNull()
  })

  it('lets an admin allow one call outside the hours with a reason, then enables Place call', async () => {
    const user = userEvent.setup()
    const posted = serve({ hours: lateInDenver })
    renderChecks('admin')
    await user.click(await screen.findByText('Allow this one call'))
    const allow = screen.getByRole('button', { name: 'Allow the call' })
    expect((allow as HTMLButtonElement).disabled).toBe(true)
    await user.type(screen.getByLabelText('Reason'), 'the callee asked to be called back tonight')
    await user.click(allow)
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Place call' }) as HTMLButtonElement).disabled).toBe(false),
    )
    expect(posted).toEqual([{ phone_number: TO, reason: 'the callee asked to be called back tonight' }])
    expect(screen.getByRole('status').textContent).toMatch(
      'One call to this number is allowed outside the callee’s hours',
    )
  })

  it('asks nothing until the destination is a number', async () => {
    serve({ hours: lateInDenver })
    renderChecks('support', null)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(fetchMock).not.toHaveBeenCalled()
    expect((screen.getByRole('button', { name: 'Place call' }) as HTMLButtonElement).disabled).toBe(false)
  })
})
