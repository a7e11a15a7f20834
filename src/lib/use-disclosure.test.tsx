// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { useDisclosure } from './use-disclosure'

afterEach(cleanup)

function Menu({ name, children }: { name: string; children?: ReactNode }) {
  const menu = useDisclosure<HTMLDivElement>()
  return (
    <div ref={menu.root}>
      <button type="button" {...menu.buttonProps}>
        {name}
      </button>
      <div id={menu.panelId} hidden={!menu.open}>
        {children}
      </div>
    </div>
  )
}

describe('useDisclosure', () => {
  it('opens on its button, closes on Escape with focus back on the button', () => {
    render(<Menu name="Menu" />)
    const button = screen.getByRole('button', { name: 'Menu' })
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    fireEvent.keyDown(button, { key: 'Escape' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })

  it('closes on a press outside, not inside', () => {
    render(
      <>
        <Menu name="Menu">
          <span>inside</span>
        </Menu>
        <p>outside</p>
      </>,
    )
    const button = screen.getByRole('button', { name: 'Menu' })
    fireEvent.click(button)
    fireEvent.pointerDown(screen.getByText('inside'))
    expect(button.getAttribute('aria-expanded')).toBe('true')
    fireEvent.pointerDown(screen.getByText('outside'))
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })

  it('lets the inner of two open menus take the Escape', () => {
    render(
      <Menu name="Outer">
        <Menu name="Inner" />
      </Menu>,
    )
    const outer = screen.getByRole('button', { name: 'Outer' })
    fireEvent.click(outer)
    const inner = screen.getByRole('button', { name: 'Inner' })
    fireEvent.click(inner)
    fireEvent.keyDown(inner, { key: 'Escape' })
    expect(inner.getAttribute('aria-expanded')).toBe('false')
    expect(outer.getAttribute('aria-expanded')).toBe('true')
    fireEvent.keyDown(inner, { key: 'Escape' })
    expect(outer.getAttribute('aria-expanded')).toBe('false')
  })
})
