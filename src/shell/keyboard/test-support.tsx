// What the keyboard's tests in jsdom share (tests only): the page under a real router (@/test/render-routes), and the
// layout jsdom does not do.
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

export { renderRoutes } from '@/test/render-routes'

/**
 * Call once at the top of a test file. jsdom lays out and scrolls nothing: every element gets a box (a row with
 * none counts as hidden, row-focus.ts), scrolling does nothing, and cmdk's size watcher watches nothing. All of it
 * is undone after each test, with the page: the web project shares one jsdom per worker.
 */
export function layOutJsdom() {
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([new DOMRect(0, 0, 10, 10)] as never)
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => {}, configurable: true })
    vi.stubGlobal('scrollTo', () => {})
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )
  })
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView')
  })
}
