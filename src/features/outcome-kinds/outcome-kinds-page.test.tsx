// @vitest-environment jsdom
// The admins' outcome list against the console's answers (each change answers with the whole list): what it sends,
// what it shows after, and the server's words when it refuses. The journey on a real console: e2e/outcome-kinds.spec.ts.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { OutcomeKind } from '@/api/contract/outcome-kind-schemas'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { OutcomeKindsPage } from './outcome-kinds-page'

const fetchMock = stubFetch()

const kind = (id: string, label: string, more: Partial<OutcomeKind> = {}): OutcomeKind => ({
  id,
  label,
  comes_back: false,
  asks_callback: false,
  archived: false,
  ...more,
})
const reached = kind('reached', 'Reached')
const busy = kind('busy', 'Busy', { comes_back: true })
const listOf = (...kinds: OutcomeKind[]) => json(200, { outcome_kinds: kinds })

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OutcomeKindsPage />
    </QueryClientProvider>,
  )
}

/** The request the page sent last: its method, path and body. */
const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? []
  return {
    method: init?.method,
    path: new URL(String(url), 'http://console').pathname,
    body: JSON.parse(String(init?.body)),
  }
}

const rowOf = (label: string) => screen.getByRole('textbox', { name: `Name of ${label}` }).closest('li') as HTMLElement

describe('the outcome list', () => {
  it('adds an outcome with an id made from its name, and shows the list the server answers with', async () => {
    fetchMock.mockResolvedValueOnce(listOf(reached, busy))
    renderPage()
    await screen.findByRole('textbox', { name: 'Name of Busy' })
    expect(within(rowOf('Busy')).getByRole('checkbox', { name: 'Comes back later in call lists' })).toHaveProperty(
      'checked',
      true,
    )
    fetchMock.mockResolvedValueOnce(json(201, { outcome_kinds: [reached, busy, kind('sent-email', 'Sent email')] }))
    await userEvent.type(screen.getByLabelText('Name'), 'Sent email')
    const form = screen.getByRole('form', { name: 'Add an outcome' })
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Asks for a callback time' }))
    await userEvent.click(screen.getByRole('button', { name: 'Add outcome' }))
    expect(await screen.findByText('Added “Sent email” at the end of the list.')).toBeTruthy()
    expect(lastRequest()).toEqual({
      method: 'POST',
      path: '/api/console/outcome-kinds',
      body: { id: 'sent-email', label: 'Sent email', comes_back: false, asks_callback: true },
    })
    expect(screen.getByRole('textbox', { name: 'Name of Sent email' })).toBeTruthy()
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('')
    // Ready for the next one.
    expect(document.activeElement).toBe(screen.getByLabelText('Name'))
  })

  it('says in the server’s words why it refused, and adds nothing', async () => {
    fetchMock.mockResolvedValueOnce(listOf(reached))
    renderPage()
    await screen.findByRole('textbox', { name: 'Name of Reached' })
    fetchMock.mockResolvedValueOnce(
      json(409, {
        title: 'That outcome exists',
        status: 409,
        detail: 'An outcome with the id “reached” exists already.',
      }),
    )
    await userEvent.type(screen.getByLabelText('Name'), 'Reached')
    await userEvent.click(screen.getByRole('button', { name: 'Add outcome' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not add the outcome: An outcome with the id “reached” exists already.',
    )
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
  })

  it('moves an outcome up, renames and archives it, one change at a time by its id', async () => {
    fetchMock.mockResolvedValueOnce(listOf(reached, busy))
    renderPage()
    await screen.findByRole('textbox', { name: 'Name of Busy' })
    expect(screen.getByRole('button', { name: 'Move Reached up' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Move Busy down' })).toHaveProperty('disabled', true)

    fetchMock.mockResolvedValueOnce(listOf(busy, reached))
    await userEvent.click(screen.getByRole('button', { name: 'Move Busy up' }))
    expect(await screen.findByText('Moved “Busy” up.')).toBeTruthy()
    // At the top its Up turns disabled: the focus goes to its Down, not to the page's start.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Busy down' }))
    expect(within(rowOf('Busy')).getByRole('group', { name: 'What Busy does' })).toBeTruthy()
    expect(lastRequest()).toEqual({ method: 'PATCH', path: '/api/console/outcome-kinds/busy', body: { position: 0 } })
    expect(screen.getAllByRole('textbox', { name: /^Name of / }).map((box) => box.getAttribute('aria-label'))).toEqual([
      'Name of Busy',
      'Name of Reached',
    ])

    const engaged = kind('busy', 'Engaged', { comes_back: true })
    fetchMock.mockResolvedValueOnce(listOf(engaged, reached))
    const name = screen.getByRole('textbox', { name: 'Name of Busy' })
    await userEvent.clear(name)
    await userEvent.type(name, 'Engaged{Enter}')
    expect(await screen.findByText('Renamed “Busy” to “Engaged”.')).toBeTruthy()
    expect(lastRequest().body).toEqual({ label: 'Engaged' })

    fetchMock.mockResolvedValueOnce(listOf({ ...engaged, archived: true }, reached))
    await userEvent.click(screen.getByRole('button', { name: 'Archive Engaged' }))
    expect(await screen.findByText('Archived “Engaged”: calls keep it, nobody is offered it.')).toBeTruthy()
    expect(lastRequest().body).toEqual({ archived: true })
    expect(within(rowOf('Engaged')).getByText('Archived')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Restore Engaged' })).toBeTruthy()
  })
})
