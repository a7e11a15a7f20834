// @vitest-environment jsdom
// Issue 53, item 6: the call's scores under its recording. A manager chooses a scorecard, answers it with the keyboard
// and saves (the weighted score is the console's answer); the placer reads the scores; anyone else sees nothing.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { CallScore, CallScores, Scorecard } from '@/api/contract/scoring-schemas'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { CallScorePanel } from './call-score-panel'

const fetchMock = stubFetch()

const CARD: Scorecard = {
  id: 'card-1',
  name: 'Quality',
  version: 2,
  archived: false,
  questions: [
    { id: 'q1', kind: 'scale', text: 'Greeting', scale_max: 5, weight: 1 },
    { id: 'q2', kind: 'yes_no', text: 'Confirmed the address', weight: 3 },
  ],
  updated_at: '2026-11-15T12:00:00.000Z',
}
const scored = (mine: boolean): CallScore => ({
  scorecard_id: CARD.id,
  scorecard: { name: CARD.name, version: 2, questions: CARD.questions },
  scorer: 'meg@example.com',
  score: 93.8,
  answers: [
    { question_id: 'q1', value: 4 },
    { question_id: 'q2', value: true },
  ],
  comment: 'Kind and clear.',
  scored_at: '2026-11-15T12:00:00.000Z',
  updated_at: '2026-11-15T12:00:00.000Z',
  mine,
})

function answering(scores: CallScores, sent: unknown[] = []) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname.endsWith('/scorecards')) return json(200, { scorecards: [CARD] })
    if (init?.method === 'PUT') {
      sent.push([url.pathname, JSON.parse(String(init.body))])
      return json(201, { scores: [scored(true)], may_score: true })
    }
    return json(200, scores)
  })
  return sent
}

const renderPanel = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CallScorePanel callId="call_1" />
    </QueryClientProvider>,
  )

describe('the call’s scores', () => {
  it('let a manager score the call from the keyboard, and show the console’s weighted score', async () => {
    const sent = answering({ scores: [], may_score: true })
    const user = userEvent.setup()
    renderPanel()
    const panel = await screen.findByRole('region', { name: 'Score this call' })
    // The field shows before the scorecards have come: a person chooses once they are offered.
    await within(panel).findByRole('option', { name: 'Quality' })
    await user.selectOptions(within(panel).getByLabelText('Scorecard'), 'Quality')
    const greeting = within(panel).getByRole('group', { name: /Greeting/ })
    await user.click(within(greeting).getByRole('radio', { name: '4' }))
    await user.click(within(panel).getByRole('radio', { name: 'Yes' }))
    await user.type(within(panel).getByLabelText('Comment'), 'Kind and clear.')
    await user.click(within(panel).getByRole('button', { name: 'Save score' }))
    expect(await within(panel).findByRole('status')).toHaveProperty('textContent', 'Score saved: 93.8% on Quality.')
    expect(sent).toEqual([
      [
        '/api/console/calls/call_1/scores/card-1',
        {
          answers: [
            { question_id: 'q1', value: 4 },
            { question_id: 'q2', value: true },
          ],
          comment: 'Kind and clear.',
        },
      ],
    ])
    expect(within(panel).getByRole('article', { name: 'Quality by meg@example.com' }).textContent).toContain('93.8%')
  })

  it('show the placer the scores to read, with no form', async () => {
    answering({ scores: [scored(false)], may_score: false })
    renderPanel()
    const panel = await screen.findByRole('region', { name: 'Scores' })
    const score = within(panel).getByRole('article', { name: 'Quality by meg@example.com' })
    expect(score.textContent).toContain('4 of 5')
    expect(score.textContent).toContain('Kind and clear.')
    expect(within(panel).queryByRole('form')).toBeNull()
    expect(within(panel).queryByLabelText('Scorecard')).toBeNull()
    // The scorecards are not even asked for.
    expect(fetchMock.mock.calls.map(([input]) => String(input)).some((url) => url.includes('/scorecards'))).toBe(false)
  })

  it('show nothing to someone who may neither score nor read', async () => {
    answering({ scores: [], may_score: false })
    const { container } = renderPanel()
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    await waitFor(() => expect(container.textContent).toBe(''))
    expect(screen.queryByRole('region')).toBeNull()
  })
})
