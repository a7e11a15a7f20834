// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadPhoneFormats } from '@/lib/phone-format-loading'
import { VerificationPanel } from './verification-panel'
import type { VerificationEntry } from './verification-store'

afterEach(cleanup)
// The number was typed into the form first, whose hint fetched its formats (phone-input.tsx).
beforeAll(() => loadPhoneFormats(['+14155550111']))

const entry: VerificationEntry = {
  callerIdId: 'cid_one',
  phoneNumber: '+14155550111',
  validationCode: '482913',
  message: 'We are calling +14155550111 now. Answer and enter code 482 913 when asked.',
  startedAt: 1_000,
  timeoutMs: 60_000,
  verifiedAt: null,
}

function withQueryClient(children: ReactNode) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
}

describe('VerificationPanel', () => {
  it('announces success through a live region that was there before', () => {
    const { rerender } = render(
      withQueryClient(<VerificationPanel entry={entry} now={2_000} focusOnStart={false} onStarted={() => {}} />),
    )
    // The code's <output> is a status too; the success region is the other one.
    const status = screen.getAllByRole('status').find((el) => el.tagName === 'DIV')
    expect(status?.textContent).toBe('')
    rerender(
      withQueryClient(
        <VerificationPanel
          entry={{ ...entry, verifiedAt: '2026-11-22T03:00:00Z' }}
          now={3_000}
          focusOnStart={false}
          onStarted={() => {}}
        />,
      ),
    )
    expect(screen.getByRole('status')).toBe(status)
    expect(status?.textContent).toMatch(/^Verified\. \+1 415 555 0111 is now one of your caller IDs/)
  })

  it('focuses its heading when started here, and the heading is described by the code', () => {
    render(withQueryClient(<VerificationPanel entry={entry} now={2_000} focusOnStart onStarted={() => {}} />))
    const heading = screen.getByRole('heading', { name: 'Verification of +1 415 555 0111' })
    expect(document.activeElement).toBe(heading)
    expect(heading.getAttribute('tabindex')).toBe('-1')
    const description = (heading.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
    expect(description).toEqual(['Validation code', '482 913'])
  })

  it('says what the service says once, and offers to stop waiting', () => {
    render(withQueryClient(<VerificationPanel entry={entry} now={2_000} focusOnStart={false} onStarted={() => {}} />))
    expect(screen.getAllByText(/We are calling/)).toHaveLength(1)
    expect(screen.getAllByText(/Answer/)).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Stop waiting' })).toBeTruthy()
    expect(document.activeElement).toBe(document.body)
  })
})
