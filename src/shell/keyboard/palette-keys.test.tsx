// @vitest-environment jsdom
import { createRootRoute, createRoute, Outlet } from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { agentSession } from '@/test/signed-in'
import { eventually } from '../../../server/shared/test-support/eventually'
import KeyboardShortcuts from './keyboard-shortcuts'
import { layOutJsdom, renderRoutes } from './test-support'

const session = agentSession(['calls:read', 'calls:create'])

// As on a loaded machine: the palette's code arrives this long after Ctrl+K (the real module, later).
const LOAD_MS = 700
const slowPalette = () => new Promise((resolve) => setTimeout(resolve, LOAD_MS)).then(() => import('./command-palette'))

function renderPage() {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <KeyboardShortcuts session={session} paletteLoader={slowPalette} />
        <main>
          <label>
            Search
            <input type="search" />
          </label>
          <Outlet />
        </main>
      </>
    ),
  })
  const routes = [
    createRoute({ getParentRoute: () => rootRoute, path: '/calls', component: () => <h1>Calls</h1> }),
    createRoute({ getParentRoute: () => rootRoute, path: '/calls/$callId', component: () => <h1>A call</h1> }),
  ]
  return renderRoutes(rootRoute.addChildren(routes), '/calls')
}

const user = userEvent.setup({ delay: null })
const paletteField = () => screen.findByRole<HTMLInputElement>('combobox', {}, { timeout: 10_000 })

layOutJsdom()

describe('keys typed after Ctrl+K, before the palette is ready', () => {
  it('go into its field in order, Backspace too, and none into the page', async () => {
    renderPage()
    const search = await screen.findByRole<HTMLInputElement>('searchbox', { name: 'Search' })
    await user.click(search)
    await user.keyboard('{Control>}k{/Control}usx{Backspace}age')
    // Typed before the palette's code had arrived.
    expect(screen.queryByRole('combobox')).toBeNull()
    const field = await paletteField()
    await eventually(() => expect(field.value).toBe('usage'))
    expect(document.activeElement).toBe(field)
    expect(search.value).toBe('')
    // From here the field types as any field does.
    await user.keyboard('s')
    expect(field.value).toBe('usages')
  })

  it('an Enter among them runs the command the text chose, once the commands are there', async () => {
    const router = renderPage()
    await user.click(await screen.findByRole('searchbox', { name: 'Search' }))
    await user.keyboard('{Control>}k{/Control}call_01hzy3k9qv8w{Enter}')
    expect(screen.queryByRole('combobox')).toBeNull()
    await eventually(() => expect(router.state.location.pathname).toBe('/calls/call_01hzy3k9qv8w'))
    expect(screen.queryByRole('combobox')).toBeNull()
  })

  it('Escape closes the palette before it shows, and the page has its keys again', async () => {
    renderPage()
    const search = await screen.findByRole<HTMLInputElement>('searchbox', { name: 'Search' })
    await user.click(search)
    await user.keyboard('{Control>}k{/Control}ab{Escape}')
    await new Promise((resolve) => setTimeout(resolve, LOAD_MS * 2))
    expect(screen.queryByRole('combobox')).toBeNull()
    await user.keyboard('cd')
    expect(search.value).toBe('cd')
  })
})
