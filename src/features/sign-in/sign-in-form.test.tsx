// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SignInForm } from './sign-in-form'

afterEach(cleanup)

const renderForm = () => {
  const onSubmit = vi.fn()
  render(<SignInForm pending={false} error={null} onSubmit={onSubmit} />)
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  return { onSubmit, submit }
}

describe('SignInForm', () => {
  it('says what is missing, focuses the first field in error and sends nothing', async () => {
    const { onSubmit, submit } = renderForm()
    await submit()
    expect(screen.getByText('Enter your email address.')).toBeTruthy()
    expect(screen.getByText('Enter your password.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('takes back a field’s error once that field changes, and the next submit checks again', async () => {
    const { onSubmit, submit } = renderForm()
    await submit()
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.com')
    expect(screen.queryByText('Enter your email address.')).toBeNull()
    expect(screen.getByText('Enter your password.')).toBeTruthy()
    await submit()
    expect(document.activeElement).toBe(screen.getByLabelText('Password'))
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends the body as the contract reads it', async () => {
    const { onSubmit, submit } = renderForm()
    await userEvent.type(screen.getByLabelText('Email'), '  a@example.com ')
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse')
    await submit()
    expect(onSubmit).toHaveBeenCalledWith({ email: 'a@example.com', password: 'correct horse' })
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
