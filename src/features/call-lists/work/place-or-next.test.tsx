// @vitest-environment jsdom
// A call list's contact before the press (issue 52): the console passes over listed and out-of-hours contacts at claim,
// but a number listed (or an hour passed) since is said here, and Place call waits, as in New call. Against the
// console's answers' shapes; after the call nothing is asked (its outcome may list the number).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { WorkContact } from '@/api/contract/call-list-schemas'
import type { CallingHoursAnswer } from '@/api/contract/calling-hours-schemas'
import type { SessionResponse } from '@/api/contract/console-schemas'
import { sessionQueries } from '@/api/session'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { PlaceOrNext } from './place-or-next'
import { useContactBlock } from './use-contact-block'

const fetchMock = stubFetch()

const contact: WorkContact = {
  id: 'ct_1',
  line: 4,
  number: '+13035550123',
  metadata: {},
  tries: 0,
  attemptKey: 'key-1',
  placedCallId: null,
  attempts: [],
}

const lateInDenver: CallingHoursAnswer = {
  allowed: false,
  zones: ['America/Denver'],
  local_times: ['22:14'],
  window: { start: '08:00', end: '21:00' },
  opens_at: '2026-12-07T15:00:00.000Z',
  sentence: 'It is 22:14 for the callee (America/Denver); calls are allowed 08:00–21:00.',
}

const inHours: CallingHoursAnswer = { ...lateInDenver, allowed: true, local_times: ['10:00'], opens_at: null }

function serve({ entry = null, hours }: { entry?: unknown; hours: CallingHoursAnswer }) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost')
    expect(url.searchParams.get('phone_number')).toBe(contact.number)
    if (url.pathname.endsWith('/do-not-call')) return json(200, { phone_number: contact.number, entry })
    if (url.pathname.endsWith('/calling-hours')) return json(200, hours)
    return json(404, { title: 'Not found', status: 404 })
  })
}

function BeforeThePress({ place }: { place: () => void }) {
  const block = useContactBlock(contact.number)
  return (
    <PlaceOrNext
      contact={contact}
      callerId="+14155550100"
      block={block}
      placing={false}
      releasing={false}
      waitsForConsent={false}
      actions={{ place, next: () => {} }}
    />
  )
}

const supportAgent: SessionResponse = {
  user: { id: 'usr_support', email: 'support@example.com', role: 'support' },
  permissions: ['calls:work', 'do-not-call:read'],
  preferences: { timeZone: 'UTC' },
}

function renderContact(ui: ReactNode, session = supportAgent) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(sessionQueries.current().queryKey, session)
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>)
}

const placeButton = () => screen.getByRole('button', { name: 'Place call (C)' }) as HTMLButtonElement

describe('a call list’s contact before the press', () => {
  it('says a number listed since the claim must not be called, and Place call waits with that reason', async () => {
    serve({
      entry: {
        phone_number: contact.number,
        reason: 'asked on the phone, ticket 4711',
        source: 'manual',
        added_by: 'ada@example.com',
        added_at: '2026-11-02T10:00:00.000Z',
      },
      hours: inHours,
    })
    renderContact(<BeforeThePress place={vi.fn()} />)
    const notice = await screen.findByRole('alert')
    expect(notice.textContent).toMatch('This number must not be called')
    expect(notice.textContent).toMatch(/On the do-not-call list since .*2026.* by ada@example\.com: asked on the phone/)
    expect(notice.textContent).toMatch('Skip (S) to go on: the list passes over a listed number.')
    expect(placeButton().disabled).toBe(true)
    const described = document.getElementById(placeButton().getAttribute('aria-describedby') ?? '')
    expect(described?.textContent).toMatch(/^On the do-not-call list since/)
    expect((screen.getByRole('button', { name: 'Skip (S)' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('outside the callee’s hours, gives their time and when calls open, and Place call waits', async () => {
    serve({ hours: lateInDenver })
    renderContact(<BeforeThePress place={vi.fn()} />)
    const notice = await screen.findByRole('alert')
    expect(notice.textContent).toMatch('Outside the callee’s calling hours')
    expect(notice.textContent).toMatch(lateInDenver.sentence)
    // The viewer's time zone is UTC here (the session's preference).
    expect(notice.textContent).toMatch(/Calls open .*15:00.* \(your time\)\./)
    expect(notice.textContent).toMatch('the list offers the contact again when the callee’s hours open')
    expect(placeButton().disabled).toBe(true)
    // Only an admin may allow a call outside the hours.
    expect(screen.queryByText('Allow this one call')).toBeNull()
  })

  it('lets an admin allow one call outside the callee’s hours, with a reason, and then Place call is enabled', async () => {
    serve({ hours: lateInDenver })
    const allowed: unknown[] = []
    const answer = fetchMock.getMockImplementation()
    fetchMock.mockImplementation(async (input, init) => {
      if (!String(input).endsWith('/calling-hours/exceptions')) return answer?.(input, init) as Promise<Response>
      allowed.push(JSON.parse(String(init?.body)))
      const now = Date.now()
      return json(201, {
        phone_number: contact.number,
        reason: 'The callee asked for 22:30',
        allowed_by: 'ada@example.com',
        allowed_at: new Date(now).toISOString(),
        expires_at: new Date(now + 15 * 60_000).toISOString(),
      })
    })
    const place = vi.fn()
    renderContact(<BeforeThePress place={place} />, {
      user: { id: 'usr_admin', email: 'ada@example.com', role: 'admin' },
      permissions: ['calls:work', 'do-not-call:read', 'calling-hours:override'],
      preferences: { timeZone: 'UTC' },
    })
    const user = userEvent.setup()
    await user.click(await screen.findByText('Allow this one call'))
    await user.type(screen.getByLabelText('Reason'), 'The callee asked for 22:30')
    await user.click(screen.getByRole('button', { name: 'Allow the call' }))
    await waitFor(() => expect(placeButton().disabled).toBe(false))
    expect(allowed).toEqual([{ phone_number: contact.number, reason: 'The callee asked for 22:30' }])
    expect(screen.queryByRole('alert')).toBeNull()
    await user.click(placeButton())
    expect(place).toHaveBeenCalledOnce()
  })

  it('says nothing and leaves Place call enabled when the number may be called now', async () => {
    serve({ hours: inHours })
    renderContact(<BeforeThePress place={vi.fn()} />)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(placeButton().disabled).toBe(false))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(placeButton().getAttribute('aria-describedby')).toBeNull()
  })

  it('asks nothing once the call is placed', async () => {
    serve({ hours: lateInDenver })
    function AfterTheCall() {
      const block = useContactBlock(null)
      return <p>{block ? block.kind : 'no block'}</p>
    }
    renderContact(<AfterTheCall />)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.getByText('no block')).toBeTruthy()
  })
})
