// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callbackQueries } from '@/api/callbacks'
import type { SessionResponse } from '@/api/contract/console-schemas'
import { sessionQueries } from '@/api/session'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { CallbackForm } from './callback-form'

const fetchMock = stubFetch()
// A Tuesday, 15:55 UTC: 09:55 in Chicago.
const NOW = Date.parse('2026-12-08T15:55:00Z')
const NUMBER = '+13125550123'

afterEach(() => vi.restoreAllMocks())

function renderForm(onClose = vi.fn()) {
  vi.spyOn(Date, 'now').mockReturnValue(NOW)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const session: SessionResponse = {
    user: { id: 'u1', email: 'ana@example.com', role: 'support' },
    permissions: ['callbacks:work'],
    preferences: { timeZone: 'UTC' },
  }
  client.setQueryData(sessionQueries.current().queryKey, session)
  client.setQueryData(callbackQueries.timeZones(NUMBER).queryKey, { number: NUMBER, time_zones: ['America/Chicago'] })
  render(
    <QueryClientProvider client={client}>
      <CallbackForm callId="call_1" number={NUMBER} oversees={false} asked onClose={onClose} />
    </QueryClientProvider>,
  )
  return onClose
}

describe('CallbackForm', () => {
  it('asks in the callee’s time beside the person’s, and sends the instant and the owner chosen', async () => {
    const onClose = renderForm()
    expect(screen.getByText('They asked to be called back: when?')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'In 5 minutes' }))
    expect(screen.getByText('Tue 10:00 for them (America/Chicago), 16:00 for you')).toBeTruthy()
    expect((screen.getByLabelText('Time (yours: UTC)') as HTMLInputElement).value).toBe('2026-12-08T16:00')

    await userEvent.click(screen.getByRole('button', { name: 'Their next 10:00' }))
    expect(screen.getByText('Tue 10:00 for them (America/Chicago), 16:00 for you')).toBeTruthy()
    expect((screen.getByRole('radio', { name: 'Mine' }) as HTMLInputElement).checked).toBe(true)
    await userEvent.click(screen.getByRole('radio', { name: 'Everyone’s' }))
    fetchMock.mockResolvedValueOnce(json(201, {}))
    await userEvent.click(screen.getByRole('button', { name: 'Schedule callback' }))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/console/callbacks')
    expect(JSON.parse(String(init.body))).toEqual({
      call_id: 'call_1',
      due_at: '2026-12-08T16:00:00.000Z',
      owner: 'everyone',
    })
    // The answer is not a callback: the form says so and stays open.
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('shows the console’s refusal of the time under the field', async () => {
    renderForm()
    await userEvent.type(screen.getByLabelText('Time (yours: UTC)'), '2026-12-08T15:00')
    fetchMock.mockResolvedValueOnce(
      json(
        400,
        {
          title: 'Your request has invalid fields',
          status: 400,
          detail: 'Choose a time that is still ahead.',
          errors: [{ field: 'due_at', message: 'Choose a time that is still ahead.' }],
        },
        { 'Content-Type': 'application/problem+json' },
      ),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Schedule callback' }))
    expect(await screen.findByText('Choose a time that is still ahead.')).toBeTruthy()
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(JSON.parse(String(init.body)).due_at).toBe('2026-12-08T15:00:00.000Z')
  })
})
