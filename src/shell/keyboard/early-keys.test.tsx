// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type ComponentType, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { SessionResponse } from '@/api/contract/console-schemas'
import { CallsSearchBox } from '@/features/calls/list/calls-search-box'
import { listRow, searchResults } from '@/lib/list-row'
import { agentSession } from '@/test/signed-in'
import { eventually } from '../../../server/shared/test-support/eventually'
import { layOutJsdom } from './test-support'

const session = agentSession()

const user = userEvent.setup({ delay: null })
/** Starts the shortcuts on the page rendered last, as React mounts them once their chunk is there. */
let startShortcuts = () => {}

/** The calls page's search and rows, answering at once, and the shortcuts mounted only when the test says. */
function ListPage({ Shortcuts }: { Shortcuts: ComponentType<{ session: SessionResponse }> }) {
  const [started, setStarted] = useState(false)
  const [searched, setSearched] = useState<string | undefined>(undefined)
  startShortcuts = () => setStarted(true)
  const rows = ['call_4155550101', 'call_2125550103'].filter((id) => !searched || id.includes(searched))
  return (
    <>
      {started && <Shortcuts session={session} />}
      <main>
        <CallsSearchBox searched={searched} onSearch={setSearched} />
        <table {...searchResults(searched, true)}>
          <tbody>
            {rows.map((id) => (
              <tr key={id} {...listRow(id)}>
                <td>{id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </main>
    </>
  )
}

/**
 * A page as a cold load has it: signed in, the shortcuts asked for (as app-layout.tsx does when it requests their
 * chunk) but not yet started; signed out, never asked for.
 */
async function renderColdPage({ signedIn = true } = {}) {
  // Each test its own early-keys: what it keeps is module state, until the shortcuts take it.
  vi.resetModules()
  const { shortcutsComing } = await import('./early-keys')
  const { default: Shortcuts } = await import('./keyboard-shortcuts')
  // The reset gave the shortcuts a router and a query library of their own (the web project inlines the packages
  // that import React, for the alias to Preact to reach them: vitest.config.ts): the page is rendered under those,
  // as @/test/render-routes does, so that the shortcuts find their router and client in its context.
  const { createMemoryHistory, createRootRoute, createRouter, RouterProvider } = await import('@tanstack/react-router')
  const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query')
  if (signedIn) shortcutsComing()
  const routeTree = createRootRoute({ component: () => <ListPage Shortcuts={Shortcuts} /> })
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return screen.findByRole<HTMLInputElement>('searchbox', { name: 'Search' })
}

layOutJsdom()

describe('keys pressed in the search before the shortcuts have started', () => {
  it('Enter there moves into the answer’s first row once they start', async () => {
    const search = await renderColdPage()
    await user.click(search)
    await user.keyboard('2125{Enter}')
    expect(document.activeElement).toBe(search)
    await act(async () => startShortcuts())
    const row = document.querySelector('[data-list-row="call_2125550103"]')
    await eventually(() => expect(document.activeElement).toBe(row))
    expect(search.value).toBe('2125')
  })

  it('Ctrl+K there opens the palette with what was typed after it, none of it in the search', async () => {
    const search = await renderColdPage()
    await user.click(search)
    await user.keyboard('41{Control>}k{/Control}usx{Backspace}age')
    expect(search.value).toBe('41')
    await act(async () => startShortcuts())
    const field = await screen.findByRole<HTMLInputElement>('combobox', {}, { timeout: 10_000 })
    await eventually(() => expect(field.value).toBe('usage'))
    expect(document.activeElement).toBe(field)
    expect(search.value).toBe('41')
  })

  it('signed out (sign-in, set-up), where no shortcuts come, Ctrl+K holds nothing back from the field', async () => {
    const search = await renderColdPage({ signedIn: false })
    await user.click(search)
    await user.keyboard('{Control>}k{/Control}41')
    expect(search.value).toBe('41')
  })

  // The field's own listener runs before early-keys sees the key; a page's listener on the window, after it.
  it.each([
    ['the field', (search: HTMLInputElement): EventTarget => search],
    ['a listener on the window', (): EventTarget => window],
  ])('a key %s used is not the shortcuts’', async (_, listenerOn) => {
    const search = await renderColdPage()
    const listening = new AbortController()
    listenerOn(search).addEventListener('keydown', (event) => event.preventDefault(), { signal: listening.signal })
    await user.click(search)
    await user.keyboard('{Enter}')
    await act(async () => startShortcuts())
    await new Promise((resolve) => setTimeout(resolve, 100))
    listening.abort()
    expect(document.activeElement).toBe(search)
  })
})
