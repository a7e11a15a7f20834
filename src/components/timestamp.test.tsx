// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TimeZonePreference } from '@/api/contract/console-schemas'
import { agentSession, signedInClient } from '@/test/signed-in'
import { Timestamp } from './timestamp'

afterEach(cleanup)

function renderIn(timeZone: TimeZonePreference, node: ReactNode) {
  const client = signedInClient(agentSession(['calls:read'], { timeZone }))
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>)
}

describe('Timestamp', () => {
  const iso = new Date(Date.now() - 5 * 60_000).toISOString()

  it('shows the exact time and how long ago, and describes itself with the full time and zone', () => {
    renderIn('UTC', <Timestamp iso={iso} />)
    const time = screen.getByText((_, element) => element?.tagName === 'TIME')
    expect(time.getAttribute('dateTime')).toBe(iso)
    expect(time.textContent).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}$/)
    expect(screen.getByText('5 minutes ago')).toBeTruthy()
    // The full time is the time's accessible description, reachable by Tab (tabIndex 0).
    const tooltip = screen.getByRole('tooltip', { hidden: true })
    expect(time.getAttribute('aria-describedby')).toBe(tooltip.id)
    expect(tooltip.textContent).toMatch(/\d{2}:\d{2}:\d{2} UTC$/)
    expect(time.tabIndex).toBe(0)
  })

  it('closes its tooltip on Escape until the time is left', () => {
    renderIn('UTC', <Timestamp iso={iso} />)
    const time = screen.getByText((_, element) => element?.tagName === 'TIME')
    const tooltip = screen.getByRole('tooltip', { hidden: true })
    time.focus()
    fireEvent.keyDown(time, { key: 'Escape' })
    expect(tooltip.className).not.toContain('group-hover/time:opacity-100')
    fireEvent.blur(time)
    expect(tooltip.className).toContain('group-hover/time:opacity-100')
  })

  it('counts days on the person’s calendar, not in spans of 24 hours', () => {
    // Dec 4 at 22:37 read on Dec 6 at 05:50: 31 hours, two days on the calendar.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-12-06T05:50:00Z') })
    try {
      renderIn('UTC', <Timestamp iso="2026-12-04T22:37:00Z" />)
      expect(screen.getByText('Dec 4, 22:37')).toBeTruthy()
      expect(screen.getByText('2 days ago')).toBeTruthy()
    } finally {
      vi.useRealTimers()
    }
  })

  it('follows the person’s zone', () => {
    renderIn('UTC', <Timestamp iso="2026-11-19T22:32:05Z" variant="full" />)
    expect(screen.getByText('Thu, Nov 19, 2026, 22:32:05 UTC')).toBeTruthy()
  })
})
