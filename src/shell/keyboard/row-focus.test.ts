// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { eventually } from '../../../server/shared/test-support/eventually'
import { copyFocusedRow, moveRowFocus, nextRowIndex, openFocusedRow } from './row-focus'

describe('nextRowIndex', () => {
  it('starts at the first row, moves one at a time and stops at both ends', () => {
    expect(nextRowIndex(-1, 1, 3)).toBe(0)
    expect(nextRowIndex(-1, -1, 3)).toBe(0)
    expect(nextRowIndex(0, 1, 3)).toBe(1)
    expect(nextRowIndex(2, 1, 3)).toBe(2)
    expect(nextRowIndex(0, -1, 3)).toBe(0)
  })
})

// jsdom lays nothing out: an element has client rects unless it is hidden, and scrolling does nothing.
// Restored after each test: the web project shares one jsdom per worker.
function showAll() {
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    return (this.closest('[hidden]') ? [] : [{}]) as unknown as DOMRectList
  })
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => {}, configurable: true })
}

function list(html: string) {
  document.body.innerHTML = `<main>${html}</main>`
  showAll()
}

afterEach(() => {
  vi.restoreAllMocks()
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView')
  Reflect.deleteProperty(navigator, 'clipboard')
  document.body.innerHTML = ''
})

describe('row focus', () => {
  it('moves through the rows on screen only, with no Tab stop added', () => {
    list(`
      <ul hidden><li data-list-row="call_hidden">card</li></ul>
      <table><tbody>
        <tr data-list-row="call_a"><td>a</td></tr>
        <tr data-list-row="call_b"><td>b</td></tr>
      </tbody></table>`)
    expect(moveRowFocus(1)).toBe(true)
    expect(document.activeElement?.getAttribute('data-list-row')).toBe('call_a')
    expect((document.activeElement as HTMLElement).tabIndex).toBe(-1)
    moveRowFocus(1)
    moveRowFocus(1)
    expect(document.activeElement?.getAttribute('data-list-row')).toBe('call_b')
    moveRowFocus(-1)
    expect(document.activeElement?.getAttribute('data-list-row')).toBe('call_a')
  })

  it('moves on from the row a control inside it has the focus in', () => {
    list(`
      <div data-list-row="call_a"><a href="/calls/call_a">a</a></div>
      <div data-list-row="call_b"><a href="/calls/call_b">b</a></div>`)
    document.querySelector<HTMLElement>('a')?.focus()
    moveRowFocus(1)
    expect(document.activeElement?.getAttribute('data-list-row')).toBe('call_b')
  })

  it('does nothing on a page without rows', () => {
    list('<p>No list here</p>')
    expect(moveRowFocus(1)).toBe(false)
  })

  it('opens the focused row through its first link, and leaves Enter alone anywhere else', () => {
    list(`<div data-list-row="call_a"><button type="button">Copy</button><a href="/calls/call_a">open</a></div>`)
    const link = document.querySelector('a') as HTMLAnchorElement
    const clicked = vi.fn((event: Event) => event.preventDefault())
    link.addEventListener('click', clicked)
    expect(openFocusedRow()).toBe(false)
    moveRowFocus(1)
    expect(openFocusedRow()).toBe(true)
    expect(clicked).toHaveBeenCalledTimes(1)
  })

  it('moves into a row without a link: its first control', () => {
    list(
      `<table><tbody><tr data-list-row=""><td>ann@example.test</td><td><span tabindex="0">Nov 19</span></td><td><button>Change role</button></td></tr></tbody></table>`,
    )
    moveRowFocus(1)
    openFocusedRow()
    expect(document.activeElement?.textContent).toBe('Change role')
  })

  it('copies through the row’s own copy button when it shows one', () => {
    list(`<div data-list-row="call_a"><button data-row-copy>Copy</button></div>`)
    const copy = vi.fn()
    document.querySelector('button')?.addEventListener('click', copy)
    moveRowFocus(1)
    const say = vi.fn()
    expect(copyFocusedRow(say)).toBe(true)
    expect(copy).toHaveBeenCalledTimes(1)
    expect(say).not.toHaveBeenCalled()
  })

  it('copies straight to the clipboard and says so when the row has no copy button', async () => {
    list(`<div data-list-row="call_a">a call</div>`)
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const say = vi.fn()
    moveRowFocus(1)
    copyFocusedRow(say)
    await eventually(() => expect(say).toHaveBeenCalledWith('Copied call ID call_a'))
    expect(writeText).toHaveBeenCalledWith('call_a')
  })

  it('says so when a row is no call’s, and does nothing without a focused row', () => {
    list(`<div data-list-row="">a person</div>`)
    const say = vi.fn()
    expect(copyFocusedRow(say)).toBe(false)
    moveRowFocus(1)
    expect(copyFocusedRow(say)).toBe(true)
    expect(say).toHaveBeenCalledWith('This row has no call ID to copy.')
  })
})
