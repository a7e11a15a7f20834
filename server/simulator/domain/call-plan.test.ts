import { describe, expect, it } from 'vitest'
import { callStateAt, planCall, TEST_NUMBERS } from './call-plan'

const created = Date.UTC(2026, 10, 15, 12)
const plan = (destination: string, callId = 'call_TEST0001', speed = 1) =>
  planCall({ callId, destination, createdAtMs: created, speed })

describe('planCall', () => {
  it('is deterministic per call id and destination', () => {
    expect(plan('+14155550123')).toEqual(plan('+14155550123'))
  })

  it('completes +15005550006 with a conversation and billed minutes rounded up', () => {
    const p = plan(TEST_NUMBERS.alwaysCompletes)
    expect(p.outcome).toBe('DIALER_COMPLETED')
    expect(p.durationSeconds).toBeGreaterThanOrEqual(10)
    expect(p.billedMinutes).toBe(Math.ceil(p.durationSeconds / 60))
    expect(p.voicemailDrop).toBe(false)
  })

  it('rings +15005550002 and then fails without duration', () => {
    const p = plan(TEST_NUMBERS.ringsThenFails)
    expect(p.outcome).toBe('DIALER_FAILED')
    expect(p.endedAtMs).toBeGreaterThan(p.ringingAtMs)
    expect([p.durationSeconds, p.billedMinutes]).toEqual([0, 0])
  })

  it('fails +15005550003 at once, without ringing', () => {
    const p = plan(TEST_NUMBERS.failsAtOnce)
    expect(p.outcome).toBe('DIALER_FAILED')
    expect(p.endedAtMs).toBe(p.ringingAtMs)
  })

  it('completes +15005550004 as a voicemail drop', () => {
    const p = plan(TEST_NUMBERS.voicemail)
    expect(p.outcome).toBe('DIALER_COMPLETED')
    expect(p.voicemailDrop).toBe(true)
  })

  it('mostly completes other numbers', () => {
    const outcomes = Array.from({ length: 400 }, (_, i) => plan('+14155550123', `call_${i}`).outcome)
    const completed = outcomes.filter((outcome) => outcome === 'DIALER_COMPLETED').length
    expect(completed / outcomes.length).toBeGreaterThan(0.7)
    expect(completed).toBeLessThan(outcomes.length)
  })

  it('divides wall-clock delays by the speed but keeps the simulated duration', () => {
    const slow = plan(TEST_NUMBERS.alwaysCompletes, 'call_X', 1)
    const fast = plan(TEST_NUMBERS.alwaysCompletes, 'call_X', 20)
    expect(fast.durationSeconds).toBe(slow.durationSeconds)
    expect(fast.endedAtMs - created).toBeCloseTo((slow.endedAtMs - created) / 20, -1)
  })
})

describe('callStateAt', () => {
  const p = plan(TEST_NUMBERS.alwaysCompletes)

  it('walks INITIATED -> RINGING -> COMPLETED, with duration only once ended', () => {
    expect(callStateAt(p, created)).toMatchObject({ status: 'DIALER_INITIATED', durationSeconds: null })
    expect(callStateAt(p, p.ringingAtMs)).toMatchObject({ status: 'DIALER_RINGING', durationSeconds: null })
    expect(callStateAt(p, p.endedAtMs - 1)).toMatchObject({ status: 'DIALER_RINGING', billedMinutes: 0 })
    expect(callStateAt(p, p.endedAtMs)).toMatchObject({
      status: 'DIALER_COMPLETED',
      durationSeconds: p.durationSeconds,
      billedMinutes: p.billedMinutes,
      updatedAtMs: p.endedAtMs,
    })
  })

  it('reports a failed call with zero duration and nothing billed', () => {
    const failed = plan(TEST_NUMBERS.failsAtOnce)
    expect(callStateAt(failed, failed.endedAtMs + 1)).toMatchObject({
      status: 'DIALER_FAILED',
      durationSeconds: 0,
      billedMinutes: 0,
    })
  })
})

describe('reach: a number answered less than the usual mix', () => {
  const ids = Array.from({ length: 4000 }, (_, index) => `call_reach${index}`)
  const plans = (reach?: number) =>
    ids.map((callId) => planCall({ callId, destination: '+14155550123', createdAtMs: 0, speed: 1, reach }))

  it('plans exactly as before at full reach', () => {
    expect(plans(1)).toEqual(plans())
  })

  it('completes about reach × 86% of calls, with a share of them hung up within 10 s', () => {
    const low = plans(0.26)
    const completed = low.filter((plan) => plan.outcome === 'DIALER_COMPLETED')
    expect(completed.length / low.length).toBeGreaterThan(0.19)
    expect(completed.length / low.length).toBeLessThan(0.26)
    const short = completed.filter((plan) => plan.durationSeconds < 10)
    expect(short.length / completed.length).toBeGreaterThan(0.2)
    const usual = plans().filter((plan) => plan.outcome === 'DIALER_COMPLETED')
    expect(usual.length / ids.length).toBeGreaterThan(0.83)
    expect(usual.filter((plan) => plan.durationSeconds < 10)).toHaveLength(0)
  })
})
