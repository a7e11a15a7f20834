// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PLACED_ELSEWHERE_TIP, PlacedBy } from './placed-by'

afterEach(cleanup)

const answer = { call_mine: { userId: 'usr_1', email: 'sam@example.com' } }

describe('PlacedBy', () => {
  it('shows the email of the person who placed the call from this console', () => {
    render(<PlacedBy callId="call_mine" placedBy={answer} />)
    expect(screen.getByText('sam@example.com')).toBeTruthy()
    expect(screen.queryByText('API')).toBeNull()
  })

  it('says "API", with why, for a call the console did not place', () => {
    render(<PlacedBy callId="call_elsewhere" placedBy={answer} />)
    const api = screen.getByText('API')
    expect(api.getAttribute('tabindex')).toBe('0')
    expect(document.getElementById(api.getAttribute('aria-describedby') ?? '')?.textContent).toBe(PLACED_ELSEWHERE_TIP)
    expect(screen.queryByText('sam@example.com')).toBeNull()
  })

  it('says neither while the answer loads, nor when it failed', () => {
    const { rerender } = render(<PlacedBy callId="call_mine" placedBy={undefined} />)
    expect(screen.queryByText('API')).toBeNull()
    expect(screen.getByText('Loading')).toBeTruthy()
    rerender(<PlacedBy callId="call_mine" placedBy={undefined} failed />)
    expect(screen.queryByText('API')).toBeNull()
    expect(screen.getByText('Not known')).toBeTruthy()
  })
})
