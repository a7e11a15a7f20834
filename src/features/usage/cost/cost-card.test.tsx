// @vitest-environment jsdom
// Issue 53, item 2: /usage's Cost card. Until an admin says what rate_per_minute_dc counts, it says what to set and
// who can (a form for admins only); once set, the period in money; without a rate from the service, it says so.
import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Permission } from '@/api/contract/console-schemas'
import type { RateUnitResponse } from '@/api/contract/rate-unit-schemas'
import { agentSession, signedInClient } from '@/test/signed-in'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { CostCard } from './cost-card'

const fetchMock = stubFetch()
const DAY = 86_400_000
const start = Date.parse('2026-11-01T00:00:00Z')
const NOW = start + 10 * DAY
const iso = (ms: number) => new Date(ms).toISOString()
const figures = (minutes: number) => ({
  minutes,
  calls: minutes,
  ended: minutes,
  completed: minutes,
  answerRate: 1,
  averageDurationSeconds: 60,
})
const coverage = { inFlight: 0, awaitingDetails: 0, listingComplete: true, syncedTo: iso(NOW) }
const period = { from: iso(start), to: iso(start + 30 * DAY), timeZone: 'UTC' }
const STATED: RateUnitResponse = {
  rateUnit: { divisor: 1000, currency: 'USD', setBy: 'admin@example.test', setAt: iso(NOW - DAY) },
}

/** The console and the service as the card reads them: 45 a minute, 1,000 of 4,000 minutes used, 100 a day. */
function answer({ rate = 45 as number | null, stated = { rateUnit: null } as RateUnitResponse } = {}) {
  const puts: unknown[] = []
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/console/usage/rate-unit') {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body))
        puts.push(body)
        stated = { rateUnit: { ...body, setBy: 'admin@example.test', setAt: iso(NOW) } }
      }
      return json(200, stated)
    }
    if (url.pathname === '/api/v1/voice/account')
      return json(200, {
        client_id: 'cli_acme0001',
        tier: { name: 'Scale', rate_per_minute_dc: rate, max_minutes: 9000 },
      })
    if (url.pathname === '/api/v1/voice/usage')
      return json(200, {
        period_start: period.from,
        period_end: period.to,
        committed_minutes: 4000,
        actual_minutes_used: 1000,
        remaining_minutes: 3000,
        overage_minutes: 0,
        usage_percent: 25,
      })
    if (url.pathname === '/api/console/usage/days')
      return json(200, {
        ...period,
        days: Array.from({ length: 30 }, (_, i) => ({
          ...figures(i < 10 ? 100 : 0),
          date: iso(start + i * DAY).slice(0, 10),
          from: iso(start + i * DAY),
          to: iso(start + (i + 1) * DAY),
        })),
        totals: figures(1000),
        coverage,
      })
    if (url.pathname === '/api/console/usage/breakdown') {
      const by = url.searchParams.get('by')
      const rows = [
        { ...figures(643), value: 'a', label: by === 'person' ? 'ana@example.test' : 'First' },
        { ...figures(357), value: 'b', label: 'Second' },
      ]
      return json(200, { ...period, by, key: null, rows, truncated: false, totals: figures(1000), coverage })
    }
    return json(404, { title: 'Not here' })
  })
  return puts
}

function renderCard(permissions: Permission[]) {
  const client = signedInClient(agentSession(permissions))
  client.setDefaultOptions({ queries: { retry: false } })
  render(
    <QueryClientProvider client={client}>
      <CostCard now={NOW} timeZone="UTC" />
    </QueryClientProvider>,
  )
  return screen.getByRole('region', { name: 'Cost' })
}

const MANAGER: Permission[] = ['usage:read', 'account:read']
const ADMIN: Permission[] = [...MANAGER, 'usage:set-rate-unit']

describe('the Cost card', () => {
  it('tells a manager what is missing and who sets it, with no form and no figure', async () => {
    answer()
    const card = renderCard(MANAGER)
    expect(await within(card).findByText(/An admin sets what the rate counts/)).toBeTruthy()
    expect(card.textContent).toContain('what the service’s rate per minute (45) counts')
    expect(within(card).queryByRole('form')).toBeNull()
    expect(card.textContent).not.toMatch(/\$/)
  })

  it('lets an admin set it in place, then shows the period in money', async () => {
    const puts = answer()
    const card = renderCard(ADMIN)
    const form = await within(card).findByRole('form', { name: 'What the rate counts' })
    expect(within(form).getByText(/would read as \$0\.045 a minute/)).toBeTruthy()
    // A typed field tells of each keystroke by an input event, which is what the browser's build listens to (Preact).
    fireEvent.input(within(form).getByLabelText('Currency'), { target: { value: 'eur' } })
    fireEvent.change(within(form).getByLabelText('The rate counts'), { target: { value: '100' } })
    expect(within(form).getByText(/would read as €0\.45 a minute/)).toBeTruthy()
    fireEvent.input(within(form).getByLabelText('Currency'), { target: { value: 'EUX' } })
    expect((within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.input(within(form).getByLabelText('Currency'), { target: { value: 'usd' } })
    fireEvent.change(within(form).getByLabelText('The rate counts'), { target: { value: '1000' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))

    expect(await within(card).findByText('$45.00')).toBeTruthy()
    expect(puts).toEqual([{ divisor: 1000, currency: 'USD' }])
    expect(within(card).queryByRole('form')).toBeNull()
    expect(within(card).getByRole('button', { name: 'Change what the rate counts' })).toBeTruthy()
  })

  it('shows cost so far, the projection from the minutes’ pace, the commitment’s value and the breakdowns', async () => {
    answer({ stated: STATED })
    const card = renderCard(MANAGER)
    // 1,000 minutes × $0.045; 100 a day for the 20 days left: 3,000 minutes; 4,000 committed.
    expect(await within(card).findByText('$45.00')).toBeTruthy()
    expect(await within(card).findByText('about $135.00')).toBeTruthy()
    expect(within(card).getByText('$180.00')).toBeTruthy()
    const byPerson = await within(card).findByRole('table', { name: /Cost by person/ })
    expect(
      within(byPerson)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['ana@example.test643$28.94', 'Second357$16.07', 'Total1,000$45.00'])
    expect(await within(card).findByRole('table', { name: /Cost by caller ID/ })).toBeTruthy()
    expect(await within(card).findByRole('table', { name: /Cost by outcome/ })).toBeTruthy()
    expect(within(card).queryByRole('button', { name: /Change/ })).toBeNull()
  })

  it('says the service gave no rate when the tier has none', async () => {
    answer({ rate: null, stated: STATED })
    const card = renderCard(MANAGER)
    expect(await within(card).findByText(/The service gave no rate per minute/)).toBeTruthy()
    expect(card.textContent).toContain('tenths of a cent, USD')
  })
})
