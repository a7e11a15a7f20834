// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MIN_PASSWORD_LENGTH } from '@/api/contract/set-up-schemas'
import { SetUpForm } from './set-up-form'

afterEach(cleanup)

const PASSWORD = 'p'.repeat(MIN_PASSWORD_LENGTH)

const renderForm = () => {
  const onSubmit = vi.fn()
  render(<SetUpForm email="new@example.com" pending={false} error={null} onSubmit={onSubmit} />)
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Set up and sign in' }))
  return { onSubmit, submit }
}

describe('SetUpForm', () => {
  it('refuses two passwords that differ, on the repeat field', async () => {
    const { onSubmit, submit } = renderForm()
    await userEvent.type(screen.getByLabelText('New password'), PASSWORD)
    await userEvent.type(screen.getByLabelText('Repeat the password'), `${PASSWORD}x`)
    await submit()
    expect(screen.getByText('The two passwords differ.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Repeat the password'))
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends the password once both agree', async () => {
    const { onSubmit, submit } = renderForm()
    await userEvent.type(screen.getByLabelText('New password'), PASSWORD)
    await userEvent.type(screen.getByLabelText('Repeat the password'), PASSWORD)
    await submit()
    expect(onSubmit).toHaveBeenCalledWith(PASSWORD)
  })
})
