// @vitest-environment jsdom
// The call page's "Outcome and note": the placer chooses an outcome and writes a note from the keyboard and saves
// both; a refusal is said in the console's words; someone who may not change them reads who recorded them and when.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
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
    { id: 'do-not-call-again', label: 'Do not call again', comes_back: false, asks_callback: false, archived: false },
  ],
}
const empty: CallWork = { outcome: null, note: null, may_edit: { outcome: true, note: true } }
const recorded: CallWork = {
  outcome: { id: 'reached', label: 'Reached', recorded_by: 'ana@example.com', recorded_at: '2026-11-15T12:00:00.000Z' },
  note: {
    text: 'Wants the invoice\nby post',
    author: 'ana@example.com',
    updated_at: '2026-11-15T12:01:00.000Z',
    version: 1,
    editable_until: '2026-11-16T12:01:00.000Z',
  },
  may_edit: { outcome: true, note: true },
}

function renderPanel(destination?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const session: SessionResponse = {
    user: { id: 'usr_ana', email: 'ana@example.com', role: 'support' },
    permissions: ['calls:read', 'calls:create', 'calls:work'],
    preferences: { timeZone: 'UTC' },
  }
  queryClient.setQueryData(sessionQueries.current().queryKey, session)
  render(
    <QueryClientProvider client={queryClient}>
      <CallWorkPanel callId={ID} destination={destination} />
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
      [`/api/console/calls/${ID}/note`, { note: 'Wants the invoice\nby post', base_version: null }],
    ])
    // The saved note's author and how long it stays open to them.
    expect(screen.getByText(/its author can change it until/)).toBeTruthy()
  })

  it('asks, unticked, before “Do not call again” lists the number, and then says it is on the list', async () => {
    const callee = '+14155550142'
    const dnc = (listed: boolean): CallWork => ({
      ...empty,
      outcome: {
        id: 'do-not-call-again',
        label: 'Do not call again',
        recorded_by: 'ana@example.com',
        recorded_at: '2026-11-15T12:00:00.000Z',
      },
      do_not_call: { phone_number: callee, listed },
    })
    const sent = serve(empty, (_path, body) => json(200, dnc(body.add_to_do_not_call !== undefined)))
    renderPanel(callee)
    const user = userEvent.setup()
    expect(screen.queryByRole('checkbox')).toBeNull()
    await user.click(await screen.findByRole('radio', { name: 'Do not call again' }))
    const confirm = screen.getByRole('checkbox', { name: `Also put ${callee} on the do-not-call list` })
    expect((confirm as HTMLInputElement).checked).toBe(false)
    // Saved unconfirmed: the outcome only, and the panel says the number is not listed yet.
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Not on the do-not-call list yet.')).toBeTruthy()
    // Confirmed afterwards: the same outcome saved again, with the confirmation, and the status says it is listed.
    await user.click(screen.getByRole('checkbox', { name: `Also put ${callee} on the do-not-call list` }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByRole('status')).textContent).toBe('Saved · On the do-not-call list')
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(sent).toEqual([
      [`/api/console/calls/${ID}/outcome`, { outcome: 'do-not-call-again' }],
      [`/api/console/calls/${ID}/outcome`, { outcome: 'do-not-call-again', add_to_do_not_call: true }],
    ])
  })

  it('keeps a draft when someone saves the note meanwhile, shows theirs, and saves over it once asked again', async () => {
    // The console as two people meet it: meg saves a note after ana's page read none, before ana saves hers.
    let current: CallWork = empty
    const megs: CallWork = { ...recorded, note: recorded.note && { ...recorded.note, text: 'meg: call back at 5' } }
    const sent: unknown[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost')
      if (url.pathname.endsWith('/outcome-kinds')) return json(200, kinds)
      if (init?.method !== 'PUT') return json(200, current)
      const body = JSON.parse(String(init.body)) as { note: string; base_version: number | null }
      sent.push(body)
      if (sent.length === 1) current = megs
      if (body.base_version !== (current.note?.version ?? null)) {
        const detail = 'Someone saved the note meanwhile (its version 1).'
        return json(409, { type: 'about:blank', title: 'The note changed meanwhile', status: 409, detail })
      }
      current = { ...current, note: recorded.note && { ...recorded.note, text: body.note, version: 2 } }
      return json(200, current)
    })
    renderPanel()
    const user = userEvent.setup()
    const note = await screen.findByRole('textbox', { name: 'Note' })
    await user.type(note, 'ana: sent the invoice')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/Not saved: Someone saved the note meanwhile/)
    // Theirs is read and shown; the draft stays as typed.
    expect(await screen.findByText('meg: call back at 5')).toBeTruthy()
    expect(screen.getByText(/The note was saved by someone else at/)).toBeTruthy()
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('ana: sent the invoice')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Saved')).toBeTruthy()
    expect(sent).toEqual([
      { note: 'ana: sent the invoice', base_version: null },
      { note: 'ana: sent the invoice', base_version: 1 },
    ])
    expect(screen.queryByText(/saved by someone else/)).toBeNull()
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
    const read = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    expect(read('Outcome')).toMatch(/^Reached recorded by ana@example.com, /)
    expect(read('Note')).toMatch(/^Wants the invoice\nby postBy ana@example.com, /)
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
  })

  it('names the hidden characters of a note and of the names in it, to those who read it and to those who edit it', async () => {
    // A right-to-left override reorders what follows it: "kcab" reads "back" where it is drawn as it acts.
    const tricky: CallWork = {
      outcome: {
        ...recorded.outcome,
        label: 'Reached\u200B',
        recorded_by: 'ana\u202E@example.com',
      } as CallWork['outcome'],
      note: { ...recorded.note, text: 'Call \u202Ekcab\u202C Tuesday' } as CallWork['note'],
      may_edit: { outcome: false, note: false },
    }
    serve(tricky, () => json(500, {}))
    renderPanel()
    const read = async (term: string) =>
      (await screen.findByText(term, { selector: 'dt' })).nextElementSibling?.textContent ?? ''
    expect(await read('Outcome')).toMatch(/^Reached⟨U\+200B⟩ recorded by ana⟨U\+202E⟩@example.com, /)
    expect(await read('Note')).toMatch(/^Call ⟨U\+202E⟩kcab⟨U\+202C⟩ Tuesday/)
    expect(document.body.textContent).not.toContain('\u202E')
    cleanup()

    serve({ ...tricky, may_edit: { outcome: true, note: true } }, () => json(500, {}))
    renderPanel()
    // The textarea holds the note as written (it is the note); beside it, the same note with its hidden ones named.
    const note = await screen.findByRole('textbox', { name: 'Note' })
    expect((note as HTMLTextAreaElement).value).toBe('Call \u202Ekcab\u202C Tuesday')
    expect(screen.getByText(/This note holds hidden characters/).textContent).toMatch(
      /read with them shown: Call ⟨U\+202E⟩kcab⟨U\+202C⟩ Tuesday$/,
    )
    const user = userEvent.setup()
    await user.clear(note)
    await user.type(note, 'Call back Tuesday')
    expect(screen.queryByText(/This note holds hidden characters/)).toBeNull()
  })

  it('says when the console cannot be reached, and its Retry goes once the console answers', async () => {
    let up = false
    fetchMock.mockImplementation(async (input) => {
      if (!up) throw new TypeError('Failed to fetch')
      const url = new URL(String(input), 'http://localhost')
      return url.pathname.endsWith('/outcome-kinds') ? json(200, kinds) : json(200, recorded)
    })
    renderPanel()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/^Could not load the outcome and note/)
    up = true
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('radio', { name: 'Reached' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })
})
