// @vitest-environment jsdom
// The Erasure page against the console's answers: an erasure is sent only once confirmed, with the number as typed
// and its country; the answer's counts are shown in words and the past list read again; a refusal is shown in the
// server's words. The server's side, on both stores: server/console/erasure/erasure.test.ts.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Erasure } from '@/api/contract/erasure-schemas'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { ErasurePage } from './erasure-page'

const fetchMock = stubFetch()

const erasure: Erasure = {
  id: 'e1',
  at: '2026-12-06T15:00:00.000Z',
  by: 'ana@example.com',
  reason: 'GDPR request 17',
  erased: {
    calls: 2,
    call_metadata: 0,
    notes: 1,
    note_mentions: 0,
    outcomes: 0,
    contacts: 0,
    contact_mentions: 0,
    callbacks: 0,
    callback_mentions: 0,
    calling_hours_exceptions: 0,
    deliveries: 0,
    alerts: 0,
    live_entries: 0,
    saved_views: 0,
    scores: 0,
    score_mentions: 0,
  },
  audit_trail: null,
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ErasurePage />
    </QueryClientProvider>,
  )
}

describe('the Erasure page', () => {
  it('erases a national number with its country once confirmed, and says what was erased', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { erasures: [], next_cursor: null }))
    renderPage()
    expect(await screen.findByText('No number has been erased.')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Number'), '(415) 555-0177')
    await userEvent.type(screen.getByLabelText('Country'), 'us')
    await userEvent.type(screen.getByLabelText('Reason'), 'GDPR request 17')
    const erase = screen.getByRole('button', { name: 'Erase number' })
    expect(erase).toHaveProperty('disabled', true)
    await userEvent.click(screen.getByRole('checkbox', { name: /this cannot be undone/ }))

    fetchMock.mockResolvedValueOnce(json(200, { erasure, kept: [], erased_before: 0 }))
    fetchMock.mockResolvedValueOnce(json(200, { erasures: [erasure], next_cursor: null }))
    await userEvent.click(erase)
    expect(await screen.findByText('Calls to or from the number (kept under a pseudonym): 2')).toBeTruthy()
    expect(screen.getByText('Notes of its calls: 1')).toBeTruthy()
    expect(screen.queryByText(/Call-list contacts/)).toBeNull()
    const [url, init] = fetchMock.mock.calls[1] ?? []
    expect(new URL(String(url), 'http://console').pathname).toBe('/api/console/erasures')
    expect(JSON.parse(String(init?.body))).toEqual({
      phone_number: '(415) 555-0177',
      region: 'US',
      reason: 'GDPR request 17',
    })
    expect(await screen.findByText(/by ana@example.com: GDPR request 17 \(3 rows\)/)).toBeTruthy()
  })

  it('shows the console’s refusal in its own words', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { erasures: [], next_cursor: null }))
    renderPage()
    await userEvent.type(screen.getByLabelText('Number'), '555-0177')
    await userEvent.type(screen.getByLabelText('Reason'), 'x')
    await userEvent.click(screen.getByRole('checkbox', { name: /this cannot be undone/ }))
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 'Not a number the console can look for',
          status: 400,
          detail: '555-0177 has no country code: write it as +country number (such as +14155550100).',
        }),
        { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Erase number' }))
    expect(await screen.findByText(/has no country code/)).toBeTruthy()
  })
})
