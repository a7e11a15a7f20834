import { describe, expect, it } from 'vitest'
import { liveTransitions, type StoredPlan } from './live-latency'
import { median, percentile } from './stats'

// Queued at 0, ringing from 1 s, completed at 10 s.
const plan: StoredPlan = {
  createdAtMs: 0,
  ringingAtMs: 1_000,
  endedAtMs: 10_000,
  outcome: 'DIALER_COMPLETED',
  durationSeconds: 9,
  billedMinutes: 1,
}

describe('liveTransitions', () => {
  it('measures each change from the moment the plan made it', () => {
    const shown = [
      { label: 'Ringing or connected', at: 2_000 },
      { label: 'Completed', at: 10_640 },
    ]
    expect(liveTransitions(plan, shown)).toEqual({
      transitions: [{ from: 'Ringing or connected', to: 'Completed', plannedAt: 10_000, latencyMs: 640 }],
      mismatches: 0,
    })
  })

  it('ignores changes planned before the page first showed a status', () => {
    const shown = [
      { label: 'Queued', at: 500 },
      { label: 'Ringing or connected', at: 1_300 },
      { label: 'Completed', at: 10_200 },
    ]
    expect(liveTransitions(plan, shown).transitions.map((t) => t.latencyMs)).toEqual([300, 200])
    const late = [
      { label: 'Ringing or connected', at: 1_300 },
      { label: 'Completed', at: 10_200 },
    ]
    expect(liveTransitions(plan, late).transitions).toHaveLength(1)
  })

  it('counts a status the plan does not explain as a mismatch, not a latency', () => {
    const shown = [
      { label: 'Ringing or connected', at: 2_000 },
      { label: 'Completed', at: 5_000 },
    ]
    expect(liveTransitions(plan, shown)).toEqual({ transitions: [], mismatches: 1 })
  })
})

describe('stats', () => {
  it('interpolates between ranks', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([1, 2, 3, 4])).toBe(2.5)
    expect(percentile([0, 10], 90)).toBe(9)
    expect(median([])).toBeNaN()
  })
})
