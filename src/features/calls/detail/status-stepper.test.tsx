// @vitest-environment jsdom
// What the stepper says of each step: the time this tab saw it, kept when the call ends and when the page
// comes back to the call; "Not seen" for a step it never saw, never a time it cannot know.
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, renderHook, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signedInClient } from '@/test/signed-in'
import { StatusStepper, type StepTimes } from './status-stepper'
import { useObservedSteps } from './use-observed-steps'

afterEach(cleanup)
beforeEach(() => sessionStorage.clear())

const CREATED = '2026-11-26T10:00:00Z'
const STARTED = '2026-11-26T10:00:01Z'
const RANG = '2026-11-26T10:00:04Z'
const ENDED = '2026-11-26T10:01:04Z'

function renderStepper(status: string, times: StepTimes) {
  const client = signedInClient()
  render(
    <QueryClientProvider client={client}>
      <StatusStepper status={status} {...times} />
    </QueryClientProvider>,
  )
}

const step = (label: string) =>
  within(screen.getByRole('list', { name: 'Call progress' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(label)) as HTMLElement

describe('StatusStepper', () => {
  it('keeps the ringing time it saw once the call has ended', () => {
    const seen = { DIALER_INITIATED: STARTED, DIALER_RINGING: RANG, DIALER_COMPLETED: ENDED }
    renderStepper('DIALER_COMPLETED', { createdAt: CREATED, startedAt: STARTED, endedAt: ENDED, seen })
    expect(step('Ringing or connected').querySelector('time')?.getAttribute('datetime')).toBe(RANG)
    expect(step('Completed').querySelector('time')?.getAttribute('datetime')).toBe(ENDED)
    expect(screen.queryByText(/did not see has no time/)).toBeNull()
  })

  it('says "Not seen" for a step the page never saw, and that it opened after the end', () => {
    renderStepper('DIALER_FAILED', {
      createdAt: CREATED,
      startedAt: STARTED,
      endedAt: ENDED,
      seen: { DIALER_FAILED: ENDED },
    })
    expect(step('Ringing or connected').textContent).toContain('Not seen by this page')
    expect(step('Ringing or connected').querySelector('time')).toBeNull()
    // The service's own fields still give the others.
    expect(step('Queued').querySelector('time')?.getAttribute('datetime')).toBe(CREATED)
    expect(step('Initiated').querySelector('time')?.getAttribute('datetime')).toBe(STARTED)
    expect(screen.getByText(/This page opened after the call ended/)).toBeTruthy()
  })

  it('says the service gave no time for a step it saw without one', () => {
    renderStepper('DIALER_RINGING', {
      createdAt: CREATED,
      startedAt: STARTED,
      endedAt: null,
      seen: { DIALER_RINGING: '' },
    })
    expect(step('Ringing or connected').textContent).toContain('Time not given')
    expect(step('Completed or failed').textContent).toContain('Waiting')
  })
})

describe('useObservedSteps', () => {
  it('remembers what the tab saw of a call when the page comes back to it', () => {
    const first = renderHook(({ status, time }) => useObservedSteps('call_1', status, time), {
      initialProps: { status: 'DIALER_RINGING', time: RANG as string | null },
    })
    first.rerender({ status: 'DIALER_COMPLETED', time: ENDED })
    expect(first.result.current).toEqual({ DIALER_RINGING: RANG, DIALER_COMPLETED: ENDED })
    first.unmount()
    // A new page for the same call: what was seen is still there; another call starts empty.
    const again = renderHook(() => useObservedSteps('call_1', 'DIALER_COMPLETED', ENDED))
    expect(again.result.current).toEqual({ DIALER_RINGING: RANG, DIALER_COMPLETED: ENDED })
    const other = renderHook(() => useObservedSteps('call_2', 'DIALER_COMPLETED', ENDED))
    expect(other.result.current).toEqual({ DIALER_COMPLETED: ENDED })
  })

  it('keeps the first time a status was seen, not a later answer’s', () => {
    const { result, rerender } = renderHook(({ time }) => useObservedSteps('call_3', 'DIALER_RINGING', time), {
      initialProps: { time: RANG },
    })
    rerender({ time: '2026-11-26T10:00:30Z' })
    expect(result.current).toEqual({ DIALER_RINGING: RANG })
  })
})
