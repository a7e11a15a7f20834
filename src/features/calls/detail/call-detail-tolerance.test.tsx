// @vitest-environment jsdom
// The call page shows a call the service sent with nulls, nested metadata or a field in a shape it
// cannot read: what it can, with each unreadable field named, instead of failing the whole call.
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callDetailRead } from '@/api/call-detail-read'
import { placedByQueries } from '@/api/placed-by'
import { loadPhoneFormats } from '@/lib/phone-format-loading'
import { signedInClient } from '@/test/signed-in'
import { CallDetailFields } from './call-detail-fields'
import { CallTechnicalDetails } from './call-technical-details'
import { UnreadableFieldsNotice } from './detail-values'

afterEach(cleanup)
// The call page's loader has its numbers' formats before the page shows (routes/calls/$callId.tsx).
beforeAll(() => loadPhoneFormats(['+14155550100']))

const CALL_ID = 'call_01TOLERANT'

function renderCall(answer: Record<string, unknown>) {
  const { call, unreadable } = callDetailRead.parse({ call_id: CALL_ID, ...answer })
  const client = signedInClient()
  client.setQueryData(placedByQueries.calls([CALL_ID]).queryKey, { placedBy: {} })
  render(
    <QueryClientProvider client={client}>
      <UnreadableFieldsNotice unreadable={unreadable} />
      <CallDetailFields call={call} endedAt={null} unreadable={unreadable} />
      <CallTechnicalDetails call={call} />
    </QueryClientProvider>,
  )
}

/** The value shown beside a label of the details list. */
const shownFor = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

describe('the call page with what a faithful service may send', () => {
  it('shows "Not given by the service" for each null, and the rest of the call', () => {
    renderCall({
      status: 'DIALER_COMPLETED',
      caller_id: '+14155550100',
      destination: '+15005550006',
      duration_seconds: 75,
      billed_minutes: null,
      voicemail_drop: null,
      source: null,
      metadata: null,
      created_at: '2026-11-22T03:10:52Z',
      updated_at: null,
      recording_url: null,
      links: null,
    })
    expect(screen.queryByRole('heading', { name: 'Some fields of this call could not be read' })).toBeNull()
    expect(shownFor('Duration')).toBe('1:15')
    for (const label of [
      'Billed minutes',
      'Voicemail drop',
      'Placed through',
      'API: call',
      'Last updated by the service',
    ])
      expect(shownFor(label), label).toBe('Not given by the service')
    const metadata = screen.getByRole('heading', { name: 'Metadata' }).parentElement as HTMLElement
    expect(within(metadata).getByText('Not given by the service')).toBeTruthy()
  })

  it('shows metadata of any shape as text, nested values as JSON', () => {
    renderCall({
      status: 'DIALER_COMPLETED',
      metadata: { ticket: 'T-1', nested: { a: [1, 2] }, long: 'v'.repeat(600), '<b>': '<i>not html</i>' },
    })
    const table = screen.getByRole('table', { name: 'Metadata' })
    const cell = (key: string) => within(table).getByRole('rowheader', { name: key }).nextElementSibling?.textContent
    expect(cell('nested')).toBe('{"a":[1,2]}')
    expect(cell('long')).toBe('v'.repeat(600))
    expect(cell('<b>')).toBe('<i>not html</i>')
    expect(table.querySelector('b, i')).toBeNull()
  })

  it('names a field sent in a shape it cannot read, and shows it as it came', () => {
    renderCall({
      status: 'DIALER_COMPLETED',
      duration_seconds: 'forty',
      metadata: ['a', 'b'],
      caller_id: '+14155550100',
    })
    const notice = screen.getByRole('heading', { name: 'Some fields of this call could not be read' })
      .parentElement as HTMLElement
    expect(
      within(notice).getByText('The service sent duration_seconds as "forty"; it is shown as it came.'),
    ).toBeTruthy()
    expect(within(notice).getByText('The service sent metadata as ["a","b"]; it is shown as it came.')).toBeTruthy()
    expect(shownFor('Duration')).toBe('forty')
    expect(shownFor('Caller ID')).toBe('+1 415 555 0100')
  })

  it('names a missing status and keeps the call', () => {
    renderCall({ destination: '+15005550006' })
    expect(screen.getByText('The service sent no status; it is shown as not given.')).toBeTruthy()
    expect(shownFor('Destination')).toBe('+1 500 555 0006')
  })

  it('fails the whole call only without a usable call ID', () => {
    expect(callDetailRead.safeParse({ status: 'DIALER_COMPLETED' }).error?.issues[0]?.path).toEqual(['call_id'])
    expect(callDetailRead.safeParse({ call_id: 42 }).success).toBe(false)
    expect(callDetailRead.safeParse('call_01').success).toBe(false)
  })
})
