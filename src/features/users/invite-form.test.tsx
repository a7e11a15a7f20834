// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InviteForm } from './invite-form'

afterEach(cleanup)

// Only what the form checks before it sends: an invite that reaches the console is e2e/users.spec.ts's journey.
const renderForm = () => {
  const onInvited = vi.fn()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InviteForm onInvited={onInvited} emailConfigured={false} />
    </QueryClientProvider>,
  )
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Invite' }))
  return { onInvited, submit }
}

describe('InviteForm', () => {
  it('says what is wrong with the email, focuses it, and takes the error back once the email changes', async () => {
    const { onInvited, submit } = renderForm()
    await submit()
    expect(screen.getByText('Enter the email address of the person to invite.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
    await userEvent.type(screen.getByLabelText('Email'), 'not an address')
    expect(screen.queryByText('Enter the email address of the person to invite.')).toBeNull()
    await submit()
    expect(screen.getByText('Enter an email address such as name@example.com.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Inviting…' })).toBeNull()
    expect(onInvited).not.toHaveBeenCalled()
  })

  it('offers the three roles, support first', () => {
    renderForm()
    const role = screen.getByLabelText('Role') as HTMLSelectElement
    expect(role.value).toBe('support')
    expect([...role.options].map((option) => option.value)).toEqual(['support', 'manager', 'admin'])
  })
})
