// @vitest-environment jsdom
// The contact an agent is about to call comes from a manager's CSV: its metadata and the names in its earlier calls
// are shown with their hidden characters named, so "Person ‮live" cannot pass for "Person evil" on the call.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { WorkContact } from '@/api/contract/call-list-schemas'
import { ContactCard } from './contact-card'

afterEach(cleanup)

const contact: WorkContact = {
  id: 'ct_1',
  line: 2,
  number: '+12125550100',
  metadata: { Name: 'Person \u202Elive\u202C', 'Account\u200B': 'A-1', Empty: '' },
  tries: 1,
  attemptKey: 'key-1',
  placedCallId: null,
  attempts: [{ callId: 'call_1', at: '2026-11-15T12:00:00.000Z', by: 'ana\u202E@example.com', outcome: 'no-answer' }],
}

describe('the contact card', () => {
  it('names the hidden characters of what the list says of the contact', () => {
    const queryClient = new QueryClient()
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <ContactCard contact={contact} outcomeLabel={(id) => (id === 'no-answer' ? 'No\u200Banswer' : id)} />
      </QueryClientProvider>,
    )
    const pairs = [...container.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ])
    expect(pairs).toEqual([
      ['Name', 'Person ⟨U+202E⟩live⟨U+202C⟩'],
      ['Account⟨U+200B⟩', 'A-1'],
      // An empty value is said, not left as a gap the eye reads as the next line's.
      ['Empty', '(empty)'],
    ])
    expect(screen.getByRole('listitem').textContent).toMatch(/by ana⟨U\+202E⟩@example\.com: No⟨U\+200B⟩answer$/)
    expect(container.textContent).not.toMatch(/[\u202E\u202C\u200B]/)
  })
})
