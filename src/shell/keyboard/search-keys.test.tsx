// @vitest-environment jsdom
import { createRootRoute, createRoute, Link } from '@tanstack/react-router'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { CallsSearchBox } from '@/features/calls/list/calls-search-box'
import { listRow, searchResults } from '@/lib/list-row'
import { agentSession } from '@/test/signed-in'
import { eventually } from '../../../server/shared/test-support/eventually'
import KeyboardShortcuts from './keyboard-shortcuts'
import { layOutJsdom, renderRoutes } from './test-support'

const CALLS = ['call_4155550101', 'call_4155550102', 'call_2125550103', 'call_2125550104']
// The search's answer comes this long after the query changes, as a list's does from the server.
const ANSWER_MS = 150

const session = agentSession()

/** A list page as the calls page is made: the real search box, the rows marked for the keyboard, a late answer. */
function ListPage() {
  const [searched, setSearched] = useState<string | undefined>(undefined)
  const [answered, setAnswered] = useState<string | undefined>(undefined)
  useEffect(() => {
    const timer = setTimeout(() => setAnswered(searched), ANSWER_MS)
    return () => clearTimeout(timer)
  }, [searched])
  const rows = CALLS.filter((id) => !answered || id.includes(answered.replaceAll(' ', '')))
  return (
    <main>
      {/* A search field of another kind, first on the page (as New call's caller-ID finder): its keys stay its own. */}
      <input type="search" aria-label="Find a caller ID" />
      <CallsSearchBox searched={searched} onSearch={setSearched} />
      <p>{`${rows.length} calls`}</p>
      <div {...searchResults(searched, answered === searched)}>
        <table>
          <tbody>
            {rows.map((id) => (
              <tr key={id} {...listRow(id)}>
                <td>
                  <Link to="/calls/$callId" params={{ callId: id }}>
                    {id}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  )
}

function renderPage() {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <KeyboardShortcuts session={session} />
        <ListPage />
      </>
    ),
  })
  const callRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/calls/$callId',
    component: () => <p>A call’s page</p>,
  })
  return renderRoutes(rootRoute.addChildren([callRoute]), '/calls')
}

const user = userEvent.setup({ delay: null })
const focusedRow = () => document.activeElement?.getAttribute('data-list-row')
const field = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' })

layOutJsdom()

describe('the search field’s keyboard path into the results', () => {
  it('Enter searches and moves to the first row of the new results once they are there; ↑ ↓ move, Enter opens', async () => {
    const router = renderPage()
    await user.click(await screen.findByRole('searchbox', { name: 'Search' }))
    await user.keyboard('212{Enter}')
    // The rows of before are still on screen: the focus waits for the answer to "212".
    expect(document.activeElement).toBe(field())
    await eventually(() => expect(focusedRow()).toBe('call_2125550103'))
    expect(field().value).toBe('212')
    expect((document.activeElement as HTMLElement).tabIndex).toBe(-1)

    await user.keyboard('{ArrowDown}')
    expect(focusedRow()).toBe('call_2125550104')
    // Held at the last row.
    await user.keyboard('{ArrowDown}')
    expect(focusedRow()).toBe('call_2125550104')
    // ↑ from the first row is the field again, the query kept.
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(document.activeElement).toBe(field())
    expect(field().value).toBe('212')

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await eventually(() => expect(router.state.location.pathname).toBe('/calls/call_2125550104'))
  })

  it('↓ goes into the rows on screen at once when they answer what is typed', async () => {
    renderPage()
    await user.click(await screen.findByRole('searchbox', { name: 'Search' }))
    await user.keyboard('{ArrowDown}')
    expect(focusedRow()).toBe('call_4155550101')
  })

  it('Escape leaves the field for the first row and keeps the query; Escape in the rows comes back', async () => {
    renderPage()
    await user.click(await screen.findByRole('searchbox', { name: 'Search' }))
    await user.keyboard('415')
    await eventually(() => expect(screen.getByText('2 calls')).toBeTruthy())
    await user.keyboard('{Escape}')
    expect(focusedRow()).toBe('call_4155550101')
    expect(field().value).toBe('415')
    await user.keyboard('{ArrowDown}{Escape}')
    expect(document.activeElement).toBe(field())
    expect(field().value).toBe('415')
    expect(screen.getByText('2 calls')).toBeTruthy()
  })

  it('Escape with no rows leaves the field all the same, the query kept', async () => {
    renderPage()
    await user.click(await screen.findByRole('searchbox', { name: 'Search' }))
    await user.keyboard('999')
    await eventually(() => expect(screen.getByText('0 calls')).toBeTruthy())
    await user.keyboard('{Escape}')
    expect(document.activeElement).not.toBe(field())
    expect(field().value).toBe('999')
  })

  it('leaves a search field that leads to no list to the platform', async () => {
    renderPage()
    const finder = await screen.findByRole('searchbox', { name: 'Find a caller ID' })
    await user.click(finder)
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(finder)
    await user.keyboard('{Escape}')
    expect(document.activeElement).toBe(finder)
  })

  it('a focus moved elsewhere before the results come stays there', async () => {
    renderPage()
    await user.click(await screen.findByRole('searchbox', { name: 'Search' }))
    await user.keyboard('212{Enter}')
    act(() => screen.getByRole('link', { name: 'call_2125550103' }).focus())
    await eventually(() => expect(screen.getByText('2 calls')).toBeTruthy())
    await new Promise((resolve) => setTimeout(resolve, ANSWER_MS))
    expect(document.activeElement?.textContent).toBe('call_2125550103')
  })
})
