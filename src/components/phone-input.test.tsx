// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PhoneInput } from './phone-input'

afterEach(cleanup)

describe('PhoneInput', () => {
  it('reports the E.164 number and shows what it will dial', async () => {
    const onChange = vi.fn()
    render(<PhoneInput label="Destination" onChange={onChange} />)
    await userEvent.type(screen.getByLabelText('Destination'), '(415) 555-0100')
    expect(onChange).toHaveBeenLastCalledWith({ e164: '+14155550100', error: null })
    // Its formats arrive once a number of their group is typed: the hint shows it as it came until then.
    expect(await screen.findByText('Will dial +1 415 555 0100')).toBeTruthy()
  })

  it('reads national numbers in the chosen country', async () => {
    const onChange = vi.fn()
    render(<PhoneInput label="Destination" onChange={onChange} />)
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'GB')
    await userEvent.type(screen.getByLabelText('Destination'), '020 7183 8750')
    expect(onChange).toHaveBeenLastCalledWith({ e164: '+442071838750', error: null })
  })

  it('shows its own error only after the field is left', async () => {
    render(<PhoneInput label="Destination" onChange={() => {}} />)
    const input = screen.getByLabelText('Destination')
    await userEvent.type(input, '123')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    await userEvent.tab()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const describedBy = input.getAttribute('aria-describedby') ?? ''
    const message = document.getElementById(describedBy.split(' ')[0] ?? '')
    expect(message?.textContent).toMatch(/not a valid number for United States/)
  })

  it('shows an error passed in by the form', () => {
    render(<PhoneInput label="Destination" onChange={() => {}} error="Enter the number to call." />)
    expect(screen.getByLabelText('Destination').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Enter the number to call.')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('keeps the hint quiet while typing, and announces the form error when asked to', async () => {
    const { rerender } = render(<PhoneInput label="Phone number" onChange={() => {}} announceError />)
    const input = screen.getByLabelText('Phone number')
    await userEvent.type(input, '4155550100')
    const hint = await screen.findByText('Will dial +1 415 555 0100')
    expect(hint.getAttribute('aria-live')).toBeNull()
    expect(hint.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()

    rerender(<PhoneInput label="Phone number" onChange={() => {}} announceError error="Enter the phone number." />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Enter the phone number.')
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id)
  })
})
