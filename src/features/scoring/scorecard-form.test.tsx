// @vitest-environment jsdom
// Issue 53, item 6: an admin writes a scorecard from the keyboard; the console's refusal shows on the field it names.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { ScorecardForm } from './scorecard-form'

const fetchMock = stubFetch()

describe('the scorecard form', () => {
  it('sends the name and each question in order, and shows a refusal on the field it names', async () => {
    const sent: unknown[] = []
    let answer = 0
    fetchMock.mockImplementation(async (_input, init) => {
      sent.push(JSON.parse(String(init?.body)))
      if (answer++ === 0)
        return new Response(
          JSON.stringify({
            title: 'Your request has invalid fields',
            status: 400,
            detail: 'Check the scorecard’s name and questions.',
            errors: [{ field: 'name', message: 'Give the scorecard’s name.' }],
          }),
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        )
      return json(201, {
        id: 'card-1',
        name: 'Quality',
        version: 1,
        archived: false,
        questions: [],
        updated_at: '2026-11-15T12:00:00.000Z',
      })
    })
    const onSaved = vi.fn()
    const user = userEvent.setup()
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ScorecardForm onClose={() => {}} onSaved={onSaved} />
      </QueryClientProvider>,
    )
    const form = await screen.findByRole('form', { name: 'New scorecard' })
    const first = within(form).getByRole('group', { name: 'Question 1' })
    await user.type(within(first).getByLabelText('Question'), 'Greeting')
    await user.click(within(form).getByRole('button', { name: 'Add a question' }))
    const second = within(form).getByRole('group', { name: 'Question 2' })
    await user.type(within(second).getByLabelText('Question'), 'Confirmed the address')
    await user.selectOptions(within(second).getByLabelText('Answered as'), 'Yes or no')
    await user.click(within(form).getByRole('button', { name: 'Save scorecard' }))
    expect(await within(form).findByText('Give the scorecard’s name.')).toBeTruthy()
    await user.type(within(form).getByLabelText('Name'), 'Quality')

    await user.clear(within(second).getByLabelText('Weight'))
    await user.type(within(second).getByLabelText('Weight'), '3')
    await user.click(within(form).getByRole('button', { name: 'Save scorecard' }))
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(sent[1]).toEqual({
      name: 'Quality',
      questions: [
        { kind: 'scale', text: 'Greeting', scale_max: 5, weight: 1 },
        { kind: 'yes_no', text: 'Confirmed the address', weight: 3 },
      ],
    })
  })
})
