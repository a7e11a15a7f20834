// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { AccountSummary } from './account-summary'

const fetchMock = stubFetch()

describe('AccountSummary', () => {
  it('says why the account is unavailable, and Retry loads it again', async () => {
    fetchMock.mockResolvedValueOnce(
      json(503, { title: 'Service Unavailable', status: 503, detail: 'The account service is down for maintenance.' }),
    )
    fetchMock.mockResolvedValueOnce(
      json(200, {
        client_id: 'cli_acme0001',
        status: 'ACTIVE',
        payment_method: 'ACH',
        contract_start: '2026-01-01T00:00:00Z',
        contract_end: '2027-01-01T00:00:00Z',
        ramp_up_ends_at: '2026-04-01T00:00:00Z',
        is_in_ramp_up: false,
        committed_minutes: 1000,
        tier: { name: 'Standard', rate_per_minute_dc: 12, max_minutes: 5000 },
        current_usage: {
          period_start: '2026-11-01T00:00:00Z',
          actual_minutes_used: 10,
          remaining_minutes: 990,
          usage_percent: 1,
        },
      }),
    )
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <AccountSummary showClientId />
      </QueryClientProvider>,
    )
    const account = await screen.findByRole('region', { name: 'Account' })
    expect(await screen.findByText(/The account service is down for maintenance/)).toBeTruthy()
    expect(account.textContent).toContain('Account unavailable')
    expect(account.querySelector('[title]')?.getAttribute('title')).toContain('down for maintenance')

    await userEvent.click(screen.getByRole('button', { name: 'Retry loading the account' }))
    expect(await screen.findByText('cli_acme0001')).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})
