// @vitest-environment jsdom
// A recorded list's contact in a country that asks for consent (CONSOLE_RECORDING_CONSENT_REGIONS): the work page
// reminds the agent, Place call (and its key, C) waits until they confirm the callee agreed, and the placement then
// carries the confirmation. A contact elsewhere, or an unrecorded list, is not asked.
import { QueryClient } from '@tanstack/react-query'
import { createRootRoute } from '@tanstack/react-router'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { CallList, ClaimAnswer, WorkContact } from '@/api/contract/call-list-schemas'
import type { RecordingNoticeAnswer } from '@/api/contract/recording-notice-schemas'
import { renderRoutes } from '@/test/render-routes'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { WorkListPage } from './work-list-page'

const fetchMock = stubFetch()
const CALLER_ID = '+14155550100'

const list = (record: boolean): CallList => ({
  id: 'lst_1',
  name: 'Renewals',
  callerId: CALLER_ID,
  record,
  comeBackMinutes: 60,
  maxTries: 3,
  everyone: true,
  assignees: [],
  paused: false,
  archived: false,
  createdBy: 'mia@example.com',
  createdAt: '2026-12-01T09:00:00.000Z',
  progress: { total: 1, done: 0, left: 1, later: 0, byOutcome: [] },
})

const contact = (number: string): WorkContact => ({
  id: 'ct_1',
  line: 2,
  number,
  metadata: {},
  tries: 0,
  attemptKey: 'attempt-key-1',
  placedCallId: null,
  attempts: [],
})

/** The console and the service as they answer with CONSOLE_RECORDING_CONSENT_REGIONS=FR; returns the placements. */
function serve(claim: ClaimAnswer) {
  const placed: Headers[] = []
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const path = url.pathname
    if (path.endsWith('/claim')) return json(200, claim)
    if (path.endsWith('/recording-notice')) {
      const country = url.searchParams.get('phone_number')?.startsWith('+33') ? 'FR' : 'US'
      const answer: RecordingNoticeAnswer = { notice: true, consent_required: country === 'FR', country }
      return json(200, answer)
    }
    if (path === '/api/v1/voice/calls' && init?.method === 'POST') {
      placed.push(new Headers(init.headers))
      return json(201, {
        call_id: 'call_1',
        status: 'queued',
        caller_id: CALLER_ID,
        destination: claim.contact?.number,
        created_at: '2026-12-06T10:00:00Z',
        recording: { enabled: claim.list.record },
        metadata: {},
        links: { self: '/calls/call_1', status: '/calls/call_1/status', recordings: '/calls/call_1/recordings' },
      })
    }
    if (path.endsWith('/attempts')) return json(200, { ...claim.contact, placedCallId: 'call_1' })
    if (path.endsWith('/caller-ids/flagged')) return json(200, { flagged: [] })
    if (path.endsWith('/outcome-kinds')) return json(200, { outcome_kinds: [] })
    if (path.endsWith('/caller-ids')) return json(200, { caller_ids: [] })
    return json(404, { title: 'Not found', status: 404 })
  })
  return placed
}

function renderPage() {
  const rootRoute = createRootRoute({ component: () => <WorkListPage listId="lst_1" /> })
  renderRoutes(
    rootRoute,
    '/',
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  )
}

const placeCall = () => screen.getByRole('button', { name: 'Place call (C)' }) as HTMLButtonElement

describe('a call list’s recorded call', () => {
  it('waits for the callee’s consent where the country asks, then sends it with the placement', async () => {
    const user = userEvent.setup()
    const placed = serve({ list: list(true), contact: contact('+33142685300'), reason: null, nextAt: null })
    renderPage()
    expect(await screen.findByText('Tell the callee the call is recorded')).toBeTruthy()
    const consent = await screen.findByRole('checkbox', { name: 'The callee agreed to be recorded' })
    await waitFor(() => expect(placeCall().disabled).toBe(true))
    // The key waits too.
    await user.keyboard('c')
    expect(placed).toHaveLength(0)

    await user.click(consent)
    expect(placeCall().disabled).toBe(false)
    await user.click(placeCall())
    await screen.findByText(/Call placed/)
    expect(placed.map((headers) => headers.get('X-Console-Recording-Consent'))).toEqual(['confirmed'])
  })

  it('reminds without asking for a contact elsewhere', async () => {
    const user = userEvent.setup()
    const placed = serve({ list: list(true), contact: contact('+12125550100'), reason: null, nextAt: null })
    renderPage()
    expect(await screen.findByText('Tell the callee the call is recorded')).toBeTruthy()
    expect(screen.queryByRole('checkbox', { name: 'The callee agreed to be recorded' })).toBeNull()
    await user.click(placeCall())
    await screen.findByText(/Call placed/)
    expect(placed.map((headers) => headers.get('X-Console-Recording-Consent'))).toEqual([null])
  })

  it('shows nothing of recording for an unrecorded list', async () => {
    serve({ list: list(false), contact: contact('+33142685300'), reason: null, nextAt: null })
    renderPage()
    await screen.findByRole('button', { name: 'Place call (C)' })
    await waitFor(() => expect(placeCall().disabled).toBe(false))
    expect(screen.queryByText('Tell the callee the call is recorded')).toBeNull()
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('recording-notice'))).toBe(false)
  })
})
