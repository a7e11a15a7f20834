import { describe, expect, it } from 'vitest'
import {
  callStatusMeta,
  IN_PROGRESS_STATUSES,
  isFailedStatus,
  isFinishedStatus,
  isInProgressStatus,
  isKnownStatus,
  LIST_POLL_MS,
  LIVE_POLL_MS,
  listPollInterval,
  statusPollInterval,
  UNKNOWN_STATUS_MAX_CHECKS,
  UNKNOWN_STATUS_POLL_MS,
  unknownStatusChecksEnded,
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
  it('asks once a minute for a status it does not know, and stops after ten answers', () => {
    expect(statusPollInterval('DIALER_VOICEMAIL')).toBe(UNKNOWN_STATUS_POLL_MS)
    expect(statusPollInterval('DIALER_VOICEMAIL', 0, UNKNOWN_STATUS_MAX_CHECKS - 1)).toBe(60_000)
    expect(statusPollInterval('DIALER_VOICEMAIL', 0, UNKNOWN_STATUS_MAX_CHECKS)).toBe(false)
    expect(unknownStatusChecksEnded(UNKNOWN_STATUS_MAX_CHECKS)).toBe(true)
    // A call in progress is followed for as long as it lasts.
    expect(statusPollInterval('DIALER_RINGING', 0, 500)).toBe(LIVE_POLL_MS)
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
  it('does not refresh for a status it does not know: that is no call in progress', () => {
    expect(listPollInterval(['DIALER_COMPLETED', 'DIALER_VOICEMAIL'])).toBe(false)
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
    expect(callStatusMeta('DIALER_VOICEMAIL')).toEqual({
      label: 'Unknown status DIALER_VOICEMAIL from the service',
      tone: 'neutral',
    })
    expect(isKnownStatus('DIALER_VOICEMAIL')).toBe(false)
    expect(isKnownStatus('queued')).toBe(true)
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
  it('calls only the documented steps before an ending in progress, never a status it does not know', () => {
    for (const status of IN_PROGRESS_STATUSES) expect(isInProgressStatus(status)).toBe(true)
    for (const status of ['DIALER_VOICEMAIL', 'DIALER_COMPLETED', 'DIALER_FAILED', '']) {
      expect(isInProgressStatus(status)).toBe(false)
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
