import { describe, expect, it } from 'vitest'
import {
  callStatusMeta,
  IN_PROGRESS_STATUSES,
  isFailedStatus,
  isFinishedStatus,
  LIST_POLL_MS,
  LIVE_POLL_MS,
  listPollInterval,
  statusPollInterval,
} from './call-status'

describe('statusPollInterval', () => {
  it('polls about once a second while the call is in progress', () => {
    for (const status of ['queued', 'DIALER_INITIATED', 'DIALER_RINGING', undefined]) {
      expect(statusPollInterval(status)).toBe(LIVE_POLL_MS)
    }
  })
  it('stops once the call has finished', () => {
    expect(statusPollInterval('DIALER_COMPLETED')).toBe(false)
    expect(statusPollInterval('DIALER_FAILED')).toBe(false)
    expect(statusPollInterval('DIALER_FAILED', 3)).toBe(false)
  })
  it('keeps polling, more slowly, for a status it does not know', () => {
    expect(statusPollInterval('DIALER_ON_HOLD')).toBe(5000)
  })
  it('backs off after failed polls, up to a cap', () => {
    expect(statusPollInterval('DIALER_RINGING', 1)).toBe(2000)
    expect(statusPollInterval('DIALER_RINGING', 3)).toBe(8000)
    expect(statusPollInterval('DIALER_RINGING', 20)).toBe(30_000)
  })
})

describe('listPollInterval', () => {
  it('refreshes while any listed call is unfinished', () => {
    expect(listPollInterval(['DIALER_COMPLETED', 'DIALER_RINGING'])).toBe(LIST_POLL_MS)
  })
  it('stays still when every call has finished, or nothing is loaded', () => {
    expect(listPollInterval(['DIALER_COMPLETED', 'DIALER_FAILED'])).toBe(false)
    expect(listPollInterval([])).toBe(false)
    expect(listPollInterval(undefined)).toBe(false)
  })
})

describe('callStatusMeta', () => {
  it('labels known statuses and shows unknown ones as they come', () => {
    expect(callStatusMeta('DIALER_FAILED')).toEqual({ label: 'Failed', tone: 'danger' })
    expect(callStatusMeta('queued').label).toBe('Queued')
    expect(callStatusMeta('DIALER_NEW')).toEqual({ label: 'DIALER_NEW', tone: 'neutral' })
  })
})

describe('finished and in progress', () => {
  it('calls a call finished once it completed or failed, and only then', () => {
    expect(isFinishedStatus('DIALER_COMPLETED')).toBe(true)
    expect(isFinishedStatus('DIALER_FAILED')).toBe(true)
    for (const status of ['queued', 'DIALER_INITIATED', 'DIALER_RINGING', 'DIALER_NEW']) {
      expect(isFinishedStatus(status)).toBe(false)
    }
  })
  it('lists the steps before the ending in the order a call goes through them', () => {
    expect(IN_PROGRESS_STATUSES).toEqual(['queued', 'DIALER_INITIATED', 'DIALER_RINGING'])
  })
  it('knows a failed call from a completed one', () => {
    expect(isFailedStatus('DIALER_FAILED')).toBe(true)
    expect(isFailedStatus('DIALER_COMPLETED')).toBe(false)
  })
})
