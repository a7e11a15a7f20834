// @vitest-environment jsdom
// Issue 51, item 8: the work by person on /usage, ranked as the console answers, in words a manager reads.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PeopleResponse } from '@/api/contract/usage-breakdown-schemas'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { PeopleSection } from './people-section'

const fetchMock = stubFetch()
const period = { from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' }
const answer: PeopleResponse = {
  ...period,
  people: [
    {
      userId: 'usr_ana',
      email: 'ana@example.com',
      calls: 4,
      recorded: 3,
      reached: 2,
      reachedRate: 2 / 3,
      talkMinutes: 3.5,
      outcomes: [
        { id: 'reached', label: 'Reached', calls: 2 },
        { id: 'no-answer', label: 'No answer', calls: 1 },
      ],
    },
    {
      userId: 'usr_bob',
      email: 'bob@example.com',
      calls: 1,
      recorded: 0,
      reached: 0,
      reachedRate: null,
      talkMinutes: 10,
      outcomes: [],
    },
  ],
}

describe('the work by person', () => {
  it('lists each person ranked, with reached rate, talk minutes and outcomes', async () => {
    fetchMock.mockResolvedValue(json(200, answer))
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PeopleSection period={period} />
      </QueryClientProvider>,
    )
    const table = await screen.findByRole('table', { name: /Work by person/ })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', 'ana@example.com', '4', '67%', '3.5', 'Reached 2 · No answer 1'],
      ['2', 'bob@example.com', '1', '—', '10', 'None recorded'],
    ])
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/console/usage/people?')
  })
})
