// @vitest-environment jsdom
// The call page's "Outcome and note": the placer chooses an outcome and writes a note from the keyboard and saves
// both; a refusal is said in the console's words; someone who may not change them reads who recorded them and when.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { CallWork } from '@/api/contract/call-work-schemas'
import type { SessionResponse } from '@/api/contract/console-schemas'
import { sessionQueries } from '@/api/session'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import CallWorkPanel from './call-work-panel'

const fetchMock = stubFetch()
const ID = 'call_work0001'
const kinds = {
  outcome_kinds: [
    { id: 'reached', label: 'Reached', comes_back: false, asks_callback: false, archived: false },
    { id: 'no-answer', label: 'No answer', comes_back: true, asks_callback: false, archived: false },
    { id: 'busy', label: 'Busy', comes_back: true, asks_callback: false, archived: true },
  ],
}
const empty: CallWork = { outcome: null, note: null, may_edit: { outcome: true, note: true } }
const recorded: CallWork = {
  outcome: { id: 'reached', label: 'Reached', recorded_by: 'ana@example.com', recorded_at: '2026-11-15T12:00:00.000Z' },
  note: {
    text: 'Wants the invoice\nby post',
    author: 'ana@example.com',
    updated_at: '2026-11-15T12:01:00.000Z',
    editable_until: '2026-11-16T12:01:00.000Z',
  },
  may_edit: { outcome: true, note: true },
}

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const session: SessionResponse = {
    user: { id: 'usr_ana', email: 'ana@example.com', role: 'support' },
    permissions: ['calls:read', 'calls:create', 'calls:work'],
    preferences: { timeZone: 'UTC' },
  }
  queryClient.setQueryData(sessionQueries.current().queryKey, session)
  render(
    <QueryClientProvider client={queryClient}>
      <CallWorkPanel callId={ID} />
    </QueryClientProvider>,
  )
}

/** Answers the two reads with `work`, and each PUT as the server would, recording what was sent. */
function serve(work: CallWork, put: (path: string, body: Record<string, string>) => Response) {
  const sent: [string, Record<string, string>][] = []
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname.endsWith('/outcome-kinds')) return json(200, kinds)
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, string>
      sent.push([url.pathname, body])
      return put(url.pathname, body)
    }
    return json(200, work)
  })
  return sent
}

describe('the outcome and note panel', () => {
  it('saves a chosen outcome and a note, reached from the keyboard, and says it saved', async () => {
    const sent = serve(empty, (path, body) =>
      json(
        200,
        path.endsWith('/outcome') ? { ...empty, outcome: { ...recorded.outcome, id: body.outcome } } : recorded,
      ),
    )
    renderPanel()
    const reached = await screen.findByRole('radio', { name: 'Reached' })
    // An archived outcome is not offered.
    expect(screen.queryByRole('radio', { name: 'Busy' })).toBeNull()
    const user = userEvent.setup()
    await user.click(reached)
    await user.tab()
    const note = screen.getByRole('textbox', { name: 'Note' })
    expect(document.activeElement).toBe(note)
    await user.keyboard('Wants the invoice{Enter}by post')
    expect(screen.getByText(/25 \/ 4,000 characters/)).toBeTruthy()
    await user.tab()
    await user.keyboard('{Enter}')
    expect(await screen.findByText('Saved')).toBeTruthy()
    expect(sent).toEqual([
      [`/api/console/calls/${ID}/outcome`, { outcome: 'reached' }],
      [`/api/console/calls/${ID}/note`, { note: 'Wants the invoice\nby post' }],
    ])
    // The saved note's author and how long it stays open to them.
    expect(screen.getByText(/its author can change it until/)).toBeTruthy()
  })

  it('says why a save was refused, in the console’s words', async () => {
    serve(empty, () =>
      json(403, {
        type: 'about:blank',
        title: 'You cannot change this note',
        status: 403,
        detail: 'Its author may change a note for 24 hours after writing it.',
      }),
    )
    renderPanel()
    const user = userEvent.setup()
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'Late')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/Not saved: .*24 hours/)
    expect(screen.queryByText('Saved')).toBeNull()
  })

  it('shows who recorded the outcome and wrote the note to someone who may not change them', async () => {
    serve({ ...recorded, may_edit: { outcome: false, note: false } }, () => json(500, {}))
    renderPanel()
    expect(await screen.findByText('Reached')).toBeTruthy()
    expect(screen.getByText(/recorded by ana@example.com/)).toBeTruthy()
    expect(screen.getByText(/Wants the invoice/).textContent).toBe('Wants the invoice\nby post')
    expect(screen.getByText(/By ana@example.com/)).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
  })
})
