// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CallerIdListItem } from '@/api/contract/schemas'
import { CallerIdSelect } from './new-call-caller-id-select'

afterEach(cleanup)
const user = userEvent.setup({ delay: null })

const callerId = (n: number, name: string | null): CallerIdListItem => ({
  id: `cid_${n}`,
  phone_number: `+1415555${String(n).padStart(4, '0')}`,
  verification_status: 'VERIFIED',
  cnam_display_name: name,
  cnam_status: 'APPROVED',
  verified_at: '2026-01-01T00:00:00Z',
})

const many = [
  ...Array.from({ length: 2998 }, (_, index) => callerId(index, `Branch ${index}`)),
  callerId(9001, 'Acme Support'),
  callerId(9002, null),
]

function Picker({ callerIds }: { callerIds: CallerIdListItem[] }) {
  const [value, setValue] = useState(callerIds[0]?.phone_number ?? '')
  return <CallerIdSelect callerIds={callerIds} value={value} onChange={setValue} />
}

// The number's format arrives when it arrives (phone-format.ts): each option as its value and the name it shows.
const optionTexts = () =>
  screen
    .getAllByRole('option')
    .map((option) => `${option.getAttribute('value')} · ${option.textContent?.split(' · ')[1]}`)

describe('CallerIdSelect', () => {
  it('lists a few caller IDs without a search, a blank name said and a hidden character shown', () => {
    render(<Picker callerIds={[callerId(1, 'Acme'), callerId(2, ''), callerId(3, 'Bank \u202Ekcab llac')]} />)
    expect(screen.queryByRole('searchbox')).toBeNull()
    expect(optionTexts()).toEqual([
      '+14155550001 · Acme',
      '+14155550002 · No name',
      '+14155550003 · Bank ⟨U+202E⟩kcab llac',
    ])
  })

  it('finds one of thousands by name or number, and Enter takes the first match', async () => {
    render(<Picker callerIds={many} />)
    const search = screen.getByRole('searchbox', { name: 'Find by number or name' })
    const select = screen.getByRole('combobox', { name: 'Caller ID' })
    // A long list is drawn a part at a time.
    expect(screen.getAllByRole('option')).toHaveLength(200)
    expect(screen.getByRole('status').textContent).toContain('3,000 caller IDs; the first 200 are listed')

    await user.type(search, 'acme')
    expect(screen.getByRole('status').textContent).toBe('1 of 3,000 match. Enter takes the first.')
    // The chosen one stays listed, first, so the choice never changes by itself.
    expect(optionTexts()).toEqual(['+14155550000 · Branch 0', '+14155559001 · Acme Support'])
    await user.keyboard('{Enter}')
    expect(select).toHaveProperty('value', '+14155559001')

    await user.clear(search)
    await user.type(search, '(415) 555-9002')
    expect(optionTexts()).toEqual(['+14155559001 · Acme Support', '+14155559002 · No name'])
    await user.selectOptions(select, '+14155559002')
    expect(select).toHaveProperty('value', '+14155559002')

    await user.clear(search)
    await user.type(search, 'nowhere')
    expect(screen.getByRole('status').textContent).toBe('No caller ID matches “nowhere”.')
  })
})
