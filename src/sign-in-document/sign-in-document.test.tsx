// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { eventually } from '../../server/shared/test-support/eventually'
import { SignInDocument } from './sign-in-document'

const fetchMock = stubFetch()

const SETUP = { hasUsers: true, sso: null, localSignIn: true, demoUsers: [] }
const SESSION = {
  user: { id: 'usr_1', email: 'support@example.test', role: 'support' },
  permissions: ['calls:read'],
  preferences: { timeZone: 'browser' },
}

/** The page's address, with a `replace` that records where signing in sent the browser. */
function locationAt(search: string) {
  const replace = vi.fn()
  return { location: { origin: 'https://console.example', search, replace } as unknown as Location, replace }
}

async function signInWith(password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), 'support@example.test')
  await userEvent.type(screen.getByLabelText('Password'), password)
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('the sign-in document', () => {
  it('says a wrong password once, then goes on to the page first asked for', async () => {
    fetchMock.mockResolvedValueOnce(json(200, SETUP))
    const { location, replace } = locationAt('?redirect=%2Fusage%3Fx%3D1')
    render(<SignInDocument location={location} />)
    fetchMock.mockResolvedValueOnce(
      json(401, {
        title: 'Unauthorized',
        status: 401,
        detail: 'That email and password do not match an active account.',
      }),
    )
    await signInWith('not the password')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That email and password do not match an active account.',
    )
    expect(replace).not.toHaveBeenCalled()

    fetchMock.mockResolvedValueOnce(json(200, SESSION))
    await userEvent.clear(screen.getByLabelText('Password'))
    await signInWith('the password')
    await eventually(() => expect(replace).toHaveBeenCalledWith('/usage?x=1'))
    const [url, init] = fetchMock.mock.calls.at(-1) ?? []
    expect(String(url)).toBe('/api/console/sign-in')
    expect(init?.method).toBe('POST')
    // Still pending while the next page loads: a second press sends nothing.
    expect(screen.getByRole('button', { name: /Sign/ }).hasAttribute('disabled')).toBe(true)
  })

  it('never follows a redirect to another site, and shows the form when setup cannot be read', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { title: 'Service Unavailable', status: 503 }))
    const { location, replace } = locationAt('?redirect=https%3A%2F%2Fevil.example%2Fcalls')
    render(<SignInDocument location={location} />)
    fetchMock.mockResolvedValueOnce(json(200, SESSION))
    await signInWith('the password')
    await eventually(() => expect(replace).toHaveBeenCalledWith('/calls'))
  })

  it('offers single sign-on alone when the console has no password sign-in, and says why one was refused', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ...SETUP, sso: { name: 'Acme SSO' }, localSignIn: false }))
    const { location } = locationAt('?sso_error=refused&redirect=%2Flive')
    render(<SignInDocument location={location} />)
    const link = await screen.findByRole('link', { name: /Acme SSO/ })
    expect(link.getAttribute('href')).toContain(encodeURIComponent('/live'))
    expect(screen.getByText(/does not give you access to this console/)).toBeTruthy()
    expect(screen.queryByLabelText('Password')).toBeNull()
  })

  it('goes on when another tab signs this browser in: at its word, or when shown again', async () => {
    fetchMock.mockResolvedValueOnce(json(200, SETUP))
    const { location, replace } = locationAt('?redirect=%2Flive')
    render(<SignInDocument location={location} />)
    await screen.findByLabelText('Email')

    // Looked at again while still signed out: the form stays.
    fetchMock.mockResolvedValueOnce(json(200, { user: null, permissions: [] }))
    window.dispatchEvent(new Event('focus'))
    await eventually(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/console/session'))
    expect(replace).not.toHaveBeenCalled()

    // Another tab says it signed in: this one asks the console, which names the person, and goes on.
    fetchMock.mockResolvedValueOnce(json(200, SESSION))
    const otherTab = new BroadcastChannel('voice-dashboard-sign-in')
    otherTab.postMessage('signed-in')
    otherTab.close()
    await eventually(() => expect(replace).toHaveBeenCalledWith('/live'))
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })
})
