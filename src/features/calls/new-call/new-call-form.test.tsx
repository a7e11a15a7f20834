import { createRootRoute, createRoute, Outlet } from '@tanstack/react-router'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RecordingNoticeAnswer } from '@/api/contract/recording-notice-schemas'
import type { CallerIdListItem } from '@/api/contract/schemas'
import { reportSessionEnded } from '@/api/session-ended'
import { renderRoutes } from '@/test/render-routes'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { clearNewCallDraft, readNewCallDraft } from './new-call-draft'
import { NewCallForm } from './new-call-form'
import { type NewCallPrefill, readNewCallPrefill } from './new-call-prefill'

const callerIds: CallerIdListItem[] = [
  {
    id: 'cid_1',
    phone_number: '+14155550100',
    verification_status: 'VERIFIED',
    cnam_display_name: 'Acme Corp',
    cnam_status: 'APPROVED',
    verified_at: '2026-01-01T00:00:00Z',
  },
]

const created = {
  call_id: 'call_test1',
  status: 'queued',
  caller_id: '+14155550100',
  destination: '+15005550006',
  created_at: '2026-11-22T03:00:00Z',
  recording: { enabled: true },
  metadata: { ticket: '42' },
  links: { self: '/calls/call_test1', status: '/calls/call_test1/status', recordings: '/calls/call_test1/recordings' },
}

const fetchMock = stubFetch()
// No pause between keystrokes: the form is what is under test, not typing speed.
const user = userEvent.setup({ delay: null })

/**
 * The caller-ID advice's reads of the console have nothing to say here (and the session, for its zone, never
 * answers); fetchMock sees the voice API's requests alone.
 */
function answerConsoleReads(recordingNotice?: (phoneNumber: string | null) => RecordingNoticeAnswer) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    if (recordingNotice && url.startsWith('/api/console/recording-notice'))
      return Promise.resolve(
        json(200, recordingNotice(new URL(url, 'http://localhost').searchParams.get('phone_number'))),
      )
    if (url.startsWith('/api/console/caller-ids/flagged')) return Promise.resolve(json(200, { flagged: [] }))
    if (url.startsWith('/api/console/caller-id-suggestion'))
      return Promise.resolve(json(200, { to: '', lastUsed: null }))
    if (url.startsWith('/api/console/')) return new Promise<Response>(() => {})
    return fetchMock(input, init)
  })
}

function renderForm(
  prefill: NewCallPrefill | null = null,
  recordingNotice?: (phoneNumber: string | null) => RecordingNoticeAnswer,
) {
  answerConsoleReads(recordingNotice)
  const rootRoute = createRootRoute({ component: Outlet })
  const routes = [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/calls/new',
      component: () => <NewCallForm callerIds={callerIds} prefill={prefill} />,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/calls/$callId',
      component: function CallPage() {
        return <p>Live view</p>
      },
    }),
  ]
  return renderRoutes(rootRoute.addChildren(routes), '/calls/new')
}

const sentKeys = () => fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'))

beforeEach(() => {
  // jsdom has no scrolling; the router restores scroll on navigation.
  vi.stubGlobal('scrollTo', () => {})
})
afterEach(() => {
  clearNewCallDraft()
  sessionStorage.clear()
})

/**
 * Place call pressed, its answer never arriving in this page, then a reload: the page and the tab's memory go (the
 * unmounted form kept a draft there), sessionStorage and its pending placement stay.
 */
async function pressThenReload() {
  fetchMock.mockImplementationOnce(() => new Promise<Response>(() => {}))
  renderForm()
  await user.type(await screen.findByLabelText('Destination'), '+15005550006')
  await user.click(screen.getByRole('button', { name: 'Place call' }))
  await screen.findByText('Placing the call…')
  cleanup()
  await waitFor(() => expect(readNewCallDraft()).not.toBeNull())
  clearNewCallDraft()
}

describe('NewCallForm', () => {
  it('sends the typed number as E.164 with the metadata, then opens the live view', async () => {
    fetchMock.mockResolvedValue(json(201, created))
    const router = renderForm()
    await user.type(await screen.findByLabelText('Destination'), '+1 500 555 0006')
    await user.click(screen.getByLabelText('Record call'))
    await user.click(screen.getByRole('button', { name: 'Add metadata' }))
    await user.type(screen.getByLabelText('Key 1'), 'ticket')
    await user.type(screen.getByLabelText('Value 1'), '42')
    await user.click(screen.getByRole('button', { name: 'Place call' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/calls/call_test1'))
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/v1/voice/calls')
    expect(JSON.parse(String(init?.body))).toEqual({
      caller_id: '+14155550100',
      destination: '+15005550006',
      record: true,
      metadata: { ticket: '42' },
    })
  })

  it('moves focus to the new row when metadata is added', async () => {
    renderForm()
    await user.click(await screen.findByRole('button', { name: 'Add metadata' }))
    expect(document.activeElement).toBe(screen.getByLabelText('Key 1'))
  })

  it('sends one request for two clicks in the same moment', async () => {
    fetchMock.mockResolvedValue(json(201, created))
    renderForm()
    await user.type(await screen.findByLabelText('Destination'), '+15005550006')
    const button = screen.getByRole('button', { name: 'Place call' })
    act(() => {
      button.click()
      button.click()
    })
    await waitFor(() => expect(screen.getByText('Live view')).toBeTruthy())
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('retries with the same key, and "Try again" keeps it', async () => {
    // Retry-After: 0 keeps the test fast; the retry budget still runs out.
    fetchMock.mockImplementation(async () => json(503, { title: 'Unavailable', status: 503 }, { 'Retry-After': '0' }))
    renderForm()
    await user.type(await screen.findByLabelText('Destination'), '+15005550006')
    await user.click(screen.getByRole('button', { name: 'Place call' }))
    await screen.findByText('The call was not placed', {}, { timeout: 5000 })
    const automatic = fetchMock.mock.calls.length
    expect(automatic).toBeGreaterThan(1)

    fetchMock.mockResolvedValueOnce(json(201, created))
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByText('Live view', {}, { timeout: 5000 })
    const keys = sentKeys()
    expect(keys).toHaveLength(automatic + 1)
    expect(new Set(keys).size).toBe(1)
  })

  it('a reload while the call is placed: the same form sent again reuses its key and says the call was placed', async () => {
    await pressThenReload()

    // The service answers the repeated key with the call it placed the first time.
    fetchMock.mockImplementation(async () => json(200, created))
    renderForm()
    expect(await screen.findByText(/The page was reloaded while a call to .+ was being placed/)).toBeTruthy()
    expect((screen.getByLabelText('Destination') as HTMLInputElement).value).toContain('500')
    await user.click(screen.getByRole('button', { name: 'Place call' }))
    const notice = await screen.findByText(/A call to .+ was placed \d+ s ago/)
    expect(screen.getByRole('link', { name: 'open it' }).getAttribute('href')).toBe('/calls/call_test1')
    expect(notice.textContent).toContain('or place another')
    const [first, again] = sentKeys()
    expect(again).toBe(first)

    // Place another: a new intent, so the same form now places a new call.
    await user.click(screen.getByRole('button', { name: 'Place another' }))
    await user.click(screen.getByRole('button', { name: 'Place call' }))
    await screen.findByText('Live view', {}, { timeout: 5000 })
    expect(sentKeys()[2]).not.toBe(first)
    expect(sessionStorage.length).toBe(0)
  })

  it('uses a new key once the form has changed', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { title: 'Bad', status: 400, detail: 'Rejected.' }))
    fetchMock.mockResolvedValueOnce(json(201, created))
    renderForm()
    const destination = await screen.findByLabelText('Destination')
    await user.type(destination, '+15005550006')
    await user.click(screen.getByRole('button', { name: 'Place call' }))
    await screen.findByText('The call was not placed', {}, { timeout: 5000 })
    await user.clear(destination)
    await user.type(destination, '+15005550004')
    await user.click(screen.getByRole('button', { name: 'Place call' }))
    await screen.findByText('Live view', {}, { timeout: 5000 })
    const [first, second] = sentKeys()
    expect(first).toBeTruthy()
    expect(second).not.toBe(first)
  })

  it('shows the service’s field errors next to their fields and keeps the form', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        title: 'Bad Request',
        status: 400,
        detail: 'The request is not valid.',
        errors: [{ field: 'destination', message: 'This destination cannot be called.' }],
      }),
    )
    renderForm()
    const destination = await screen.findByLabelText('Destination')
    await user.type(destination, '+15005550006')
    await user.click(screen.getByRole('button', { name: 'Place call' }))
    await screen.findByText('This destination cannot be called.')
    expect(destination.getAttribute('aria-invalid')).toBe('true')
    expect(destination.getAttribute('aria-describedby')).toContain('destination-error')
    expect((destination as HTMLInputElement).value).toBe('+15005550006')
  })

  it.each([
    ['urn:voice-console:do-not-call', 'On the do-not-call list since 2 November 2026 by ada@example.com: asked.'],
    ['urn:voice-console:calling-hours', 'It is 22:14 for the callee (America/Denver); calls are allowed 08:00–21:00.'],
  ])('says in the console’s words why a placement was refused (%s)', async (type, detail) => {
    fetchMock.mockResolvedValue(json(403, { type, title: 'Not placed', status: 403, detail }))
    renderForm()
    await user.type(await screen.findByLabelText('Destination'), '+13035550123')
    await user.click(screen.getByRole('button', { name: 'Place call' }))
    expect((await screen.findByRole('alert')).textContent).toContain(detail)
  })

  it('sends nothing while the destination is invalid', async () => {
    renderForm()
    await user.type(await screen.findByLabelText('Destination'), '555')
    await user.click(screen.getByRole('button', { name: 'Place call' }))
    expect(await screen.findByText(/not a valid number for United States/)).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('brings the typed form back after a failed submission unmounted it', async () => {
    fetchMock.mockResolvedValue(json(401, { title: 'Unauthorized', status: 401, detail: 'The API key is not valid.' }))
    renderForm()
    await user.type(await screen.findByLabelText('Destination'), '+15005550004')
    await user.click(screen.getByLabelText('Record call'))
    await user.click(screen.getByRole('button', { name: 'Add metadata' }))
    await user.type(screen.getByLabelText('Key 1'), 'ticket')
    await user.click(screen.getByRole('button', { name: 'Place call' }))
    await screen.findByText('The call was not placed', {}, { timeout: 5000 })
    cleanup()

    renderForm()
    expect(((await screen.findByLabelText('Destination')) as HTMLInputElement).value).toBe('+15005550004')
    expect((screen.getByLabelText('Record call') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('Key 1') as HTMLInputElement).value).toBe('ticket')

    // The same form sent again is the same submission: same key, so at most one call.
    fetchMock.mockResolvedValue(json(201, created))
    await user.click(screen.getByRole('button', { name: 'Place call' }))
    await screen.findByText('Live view', {}, { timeout: 5000 })
    const [first, second] = sentKeys()
    expect(second).toBe(first)
  })

  it('brings the typed form back when the session ended through another request before the press', async () => {
    renderForm()
    await user.type(await screen.findByLabelText('Destination'), '+15005550004')
    await user.click(screen.getByLabelText('Record call'))
    // Another of the page's requests met the 401 first (the live stream's, a poll): the page goes to sign-in.
    act(() => reportSessionEnded())
    cleanup()

    renderForm()
    expect(((await screen.findByLabelText('Destination')) as HTMLInputElement).value).toBe('+15005550004')
    expect((screen.getByLabelText('Record call') as HTMLInputElement).checked).toBe(true)
    expect(readNewCallDraft()?.submission).toBeNull()
  })

  it("a session that ends after a reload while placing keeps the placement's key: the press after sign-in is the same call", async () => {
    await pressThenReload()
    renderForm()
    await screen.findByText(/The page was reloaded while a call to .+ was being placed/)
    // Before the press, another of the page's requests meets the 401: the form goes to sign-in as a draft.
    act(() => reportSessionEnded())
    cleanup()

    // Back from sign-in: the draft wins over the pending placement, and must carry its key.
    fetchMock.mockImplementation(async () => json(200, created))
    renderForm()
    expect(((await screen.findByLabelText('Destination')) as HTMLInputElement).value).toContain('500')
    await user.click(screen.getByRole('button', { name: 'Place call' }))
    await waitFor(() => expect(sentKeys()).toHaveLength(2))
    const [first, again] = sentKeys()
    expect(again).toBe(first)
  })

  it('starts filled in from "Call again", sends nothing until Place call, then a new request', async () => {
    fetchMock.mockResolvedValue(json(201, created))
    const prefill = readNewCallPrefill({
      fromCallId: 'call_old',
      request: { caller_id: '+14155550100', destination: '+15005550002', record: true, metadata: { ticket: '42' } },
    })
    const router = renderForm(prefill)
    expect(((await screen.findByLabelText('Destination')) as HTMLInputElement).value).toBe('+15005550002')
    expect((screen.getByLabelText('Caller ID') as HTMLSelectElement).value).toBe('+14155550100')
    expect((screen.getByLabelText('Record call') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('Key 1') as HTMLInputElement).value).toBe('ticket')
    expect((screen.getByLabelText('Value 1') as HTMLInputElement).value).toBe('42')
    expect(fetchMock).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Place call' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/calls/call_test1'))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      caller_id: '+14155550100',
      destination: '+15005550002',
      record: true,
      metadata: { ticket: '42' },
    })
  })

  it('shows caller IDs in the one phone format, and sends them as E.164', async () => {
    renderForm()
    const option = await screen.findByRole('option', { name: '+1 415 555 0100 · Acme Corp' })
    expect((option as HTMLOptionElement).value).toBe('+14155550100')
  })

  describe('before a recorded call', () => {
    const PARIS = '+33142685300'
    // The console's answer with CONSOLE_RECORDING_CONSENT_REGIONS=FR.
    const franceAsks = (phoneNumber: string | null): RecordingNoticeAnswer => {
      const country = phoneNumber?.startsWith('+33') ? 'FR' : phoneNumber ? 'US' : null
      return { notice: true, consent_required: country === 'FR', country }
    }
    const placeCall = () => screen.getByRole('button', { name: 'Place call' }) as HTMLButtonElement
    const consentHeader = () =>
      fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('X-Console-Recording-Consent'))

    it('reminds the agent, and where the country asks, waits for the callee’s consent, then sends it', async () => {
      fetchMock.mockResolvedValue(json(201, created))
      const router = renderForm(null, franceAsks)
      await user.click(await screen.findByLabelText('Record call'))
      expect(await screen.findByText('Tell the callee the call is recorded')).toBeTruthy()
      await user.type(screen.getByLabelText('Destination'), PARIS)
      const consent = await screen.findByRole('checkbox', { name: 'The callee agreed to be recorded' })
      expect((consent as HTMLInputElement).required).toBe(true)
      expect(screen.getByRole('note', { name: 'Recording' }).textContent).toContain('Calls to France are recorded')
      await waitFor(() => expect(placeCall().disabled).toBe(true))
      const described = document.getElementById(placeCall().getAttribute('aria-describedby') ?? '')
      expect(described?.textContent).toMatch(/^Calls to France are recorded only with the callee’s consent/)

      await user.click(consent)
      await waitFor(() => expect(placeCall().disabled).toBe(false))
      await user.click(placeCall())
      await waitFor(() => expect(router.state.location.pathname).toBe('/calls/call_test1'))
      expect(consentHeader()).toEqual(['confirmed'])
      // The body stays the spec's.
      expect(Object.keys(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)))).toEqual([
        'caller_id',
        'destination',
        'record',
        'metadata',
      ])
    })

    it('shows the reminder with the tick, asked before it, so that Place call does not move under the pointer', async () => {
      const asked: (string | null)[] = []
      renderForm(null, (phoneNumber) => {
        asked.push(phoneNumber)
        return franceAsks(phoneNumber)
      })
      await user.type(await screen.findByLabelText('Destination'), '+14155550142')
      await waitFor(() => expect(asked).toContain('+14155550142'))
      const before = asked.length
      await user.click(screen.getByLabelText('Record call'))
      // In the same render as the tick: nothing to wait for, nothing asked after it.
      expect(screen.getByText('Tell the callee the call is recorded')).toBeTruthy()
      expect(asked.length).toBe(before)
    })

    it('asks about the number once typing settles, not about each valid number on the way to it', async () => {
      const asked: (string | null)[] = []
      renderForm(null, (phoneNumber) => {
        asked.push(phoneNumber)
        return franceAsks(phoneNumber)
      })
      // The notice's code is in (it asks for the reminder alone before there is a number).
      await waitFor(() => expect(asked).toContain(null))
      // Berlin's numbers have several lengths: +49 30 123456 is valid, and so is each number typed after it.
      await user.type(screen.getByLabelText('Destination'), '+4930123456789')
      await waitFor(() => expect(asked).toContain('+4930123456789'))
      expect(asked.filter((number) => number !== null)).toEqual(['+4930123456789'])
    })

    it('asks again for another number, and asks nothing of an unrecorded call', async () => {
      fetchMock.mockResolvedValue(json(201, created))
      renderForm(null, franceAsks)
      await user.click(await screen.findByLabelText('Record call'))
      const destination = screen.getByLabelText('Destination')
      await user.type(destination, PARIS)
      await user.click(await screen.findByRole('checkbox', { name: 'The callee agreed to be recorded' }))
      await user.clear(destination)
      await user.type(destination, '+33142685301')
      const again = await screen.findByRole('checkbox', { name: 'The callee agreed to be recorded' })
      await waitFor(() => expect((again as HTMLInputElement).checked).toBe(false))
      expect(placeCall().disabled).toBe(true)

      // Not recorded: neither the reminder nor the question, and no confirmation is sent.
      await user.click(screen.getByLabelText('Record call'))
      expect(screen.queryByText('Tell the callee the call is recorded')).toBeNull()
      expect(screen.queryByRole('checkbox', { name: 'The callee agreed to be recorded' })).toBeNull()
      await waitFor(() => expect(placeCall().disabled).toBe(false))
      await user.click(placeCall())
      await screen.findByText('Live view', {}, { timeout: 5000 })
      expect(consentHeader()).toEqual([null])
    })
  })
})
