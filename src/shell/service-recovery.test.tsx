// @vitest-environment jsdom
// The header's indicator and the pages read one fact, whether the voice service answers (service-reach.ts), and
// recover by themselves when it answers again: through the real client, answered by a stubbed fetch.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountQueries } from '@/api/account'
import { LAST_PROBE_KEY, PROBE_EVERY_MS, probeWhileUnreachable, SERVICE_BACK_KEY } from '@/api/service-probe'
import { serviceReach } from '@/api/service-reach'
import { recoverWhenServiceReturns } from '@/api/service-recovery'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { AccountSummary } from './account-summary'
import UpstreamBanner from './upstream-banner'

const fetchMock = stubFetch()

const ACCOUNT = {
  client_id: 'cli_acme0001',
  status: 'ACTIVE',
  payment_method: 'ACH',
  contract_start: '2026-01-01T00:00:00Z',
  contract_end: '2027-01-01T00:00:00Z',
  ramp_up_ends_at: '2026-04-01T00:00:00Z',
  is_in_ramp_up: false,
  committed_minutes: 1000,
  tier: { name: 'Standard', rate_per_minute_dc: 12, max_minutes: 5000 },
  current_usage: {
    period_start: '2026-11-01T00:00:00Z',
    actual_minutes_used: 10,
    remaining_minutes: 990,
    usage_percent: 1,
  },
}
const DOWN = {
  type: 'about:blank',
  title: 'Bad gateway',
  status: 502,
  detail: 'The voice service could not be reached.',
}

/** The service as the console passes it on: up or down, switched by the test. */
let serviceUp = true
let accountReads = 0
function answer(input: RequestInfo | URL): Promise<Response> {
  const url = String(input)
  if (url.startsWith('/api/console/upstream')) {
    return Promise.resolve(
      json(
        200,
        serviceUp
          ? { state: 'connected', clientId: 'cli_acme0001', message: 'Connected to the voice service as cli_acme0001.' }
          : {
              state: 'unreachable',
              clientId: null,
              message: 'The voice service at http://voice could not be reached.',
            },
      ),
    )
  }
  if (url.startsWith('/api/v1/voice/account')) {
    accountReads++
    return Promise.resolve(serviceUp ? json(200, ACCOUNT) : json(502, DOWN))
  }
  return Promise.resolve(json(404, { title: 'Not found', status: 404 }))
}

let clock = 1_000_000
const stops: (() => void)[] = []

beforeEach(() => {
  serviceUp = true
  accountReads = 0
  clock = 1_000_000
  localStorage.clear()
  fetchMock.mockImplementation(answer)
})
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  serviceReach.sawAnswer()
})

const CONNECTED = {
  state: 'connected',
  clientId: 'cli_acme0001',
  message: 'Connected to the voice service as cli_acme0001.',
}

/** The header's account and indicator; the admins' check was answered before the service stopped. */
function renderHeader(page: ReactNode = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } })
  client.setQueryData(['session', 'upstream'], CONNECTED)
  stops.push(recoverWhenServiceReturns(client))
  render(
    <QueryClientProvider client={client}>
      <AccountSummary showClientId />
      <UpstreamBanner />
      {page}
    </QueryClientProvider>,
  )
  return client
}

/** A page whose read the stub answers 404. */
function UsageRead() {
  const { status } = useQuery(accountQueries.usage())
  return <p>usage: {status}</p>
}

/** The shell's probe, with a clock the test moves and a look every 10 ms. */
function startProbe(client: QueryClient, storage: Storage = localStorage) {
  const stop = probeWhileUnreachable({
    probe: () => client.fetchQuery({ ...accountQueries.detail(), staleTime: 0, retry: false }),
    now: () => clock,
    hidden: () => false,
    lookEveryMs: 10,
    storage,
  })
  stops.push(stop)
}

describe('the voice service, stopped and back', () => {
  it('turns the header from "Connected" to "not usable" on a failed read, and both recover once a probe is answered', async () => {
    serviceUp = false
    const client = renderHeader()
    expect(await screen.findByText('Account unavailable')).toBeTruthy()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The voice service is not usable. The voice service could not be reached.')
    expect(screen.queryByText(/Connected to the voice service/)).toBeNull()

    startProbe(client)
    // Down still: the probe reads once per period, not once per look.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
    expect(accountReads).toBe(2)
    serviceUp = true
    clock += PROBE_EVERY_MS
    expect(await screen.findByText('cli_acme0001')).toBeTruthy()
    expect(await screen.findByText('Connected to the voice service as cli_acme0001.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Retry loading the account' })).toBeNull()
    expect(localStorage.getItem(SERVICE_BACK_KEY)).toBe(String(clock))
  })

  it('leaves the probe to the tab that probed last, and reads again when another tab saw the service back', async () => {
    serviceUp = false
    const client = renderHeader()
    expect(await screen.findByText('Account unavailable')).toBeTruthy()
    // Another tab of this browser probed a moment ago.
    localStorage.setItem(LAST_PROBE_KEY, String(clock - 1_000))
    startProbe(client)
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
    expect(accountReads).toBe(1)

    serviceUp = true
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SERVICE_BACK_KEY, newValue: String(clock) }))
    })
    expect(await screen.findByText('cli_acme0001')).toBeTruthy()
    expect(accountReads).toBe(2)
  })

  it('reads again only what may pass: a 404 is an answer', async () => {
    renderHeader(<UsageRead />)
    expect(await screen.findByText('cli_acme0001')).toBeTruthy()
    expect(await screen.findByText('usage: error')).toBeTruthy()
    const reads = fetchMock.mock.calls.length
    act(() => serviceReach.sawFailure('The live board cannot read the voice service.'))
    expect((await screen.findByRole('alert')).textContent).toContain('The live board cannot read the voice service.')
    act(() => serviceReach.sawAnswer())
    expect(await screen.findByText('Connected to the voice service as cli_acme0001.')).toBeTruthy()
    // The upstream check is read again; the 404 is not.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(fetchMock.mock.calls.slice(reads).map(([url]) => String(url))).toEqual(['/api/console/upstream'])
  })
})
