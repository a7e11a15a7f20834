import { beforeEach, describe, expect, it } from 'vitest'
import {
  addVerification,
  markVerified,
  reloadVerificationsForTest,
  removeVerification,
  type VerificationEntry,
  verificationPhase,
} from './verification-store'

const KEY = 'voice-dashboard.caller-id-verifications'
const entry = (over: Partial<VerificationEntry> = {}): VerificationEntry => ({
  callerIdId: 'cid_one',
  phoneNumber: '+14155550111',
  validationCode: '482913',
  message: 'We are calling +14155550111 now.',
  startedAt: 1_000,
  timeoutMs: 60_000,
  verifiedAt: null,
  ...over,
})

function stored(): unknown {
  return JSON.parse(sessionStorage.getItem(KEY) ?? 'null')
}

beforeEach(() => {
  sessionStorage.clear()
  reloadVerificationsForTest()
})

describe('verification store', () => {
  it('survives a reload through sessionStorage', () => {
    addVerification(entry())
    addVerification(entry({ callerIdId: 'cid_two', phoneNumber: '+14155550122' }))
    reloadVerificationsForTest()
    expect((stored() as VerificationEntry[]).map((e) => e.callerIdId)).toEqual(['cid_two', 'cid_one'])
  })

  it('replaces an older verification of the same number', () => {
    addVerification(entry())
    addVerification(entry({ callerIdId: 'cid_again', validationCode: '111222' }))
    expect(stored()).toEqual([entry({ callerIdId: 'cid_again', validationCode: '111222' })])
  })

  it('drops stored data that does not validate', () => {
    sessionStorage.setItem(KEY, JSON.stringify([{ callerIdId: 42 }]))
    reloadVerificationsForTest()
    addVerification(entry())
    expect(stored()).toEqual([entry()])
    sessionStorage.setItem(KEY, '{not json')
    reloadVerificationsForTest()
    removeVerification('cid_none')
    expect(sessionStorage.getItem(KEY)).toBeNull()
  })

  it('marks verified and removes', () => {
    addVerification(entry())
    markVerified('cid_one', '2026-11-22T03:00:00Z')
    expect((stored() as VerificationEntry[])[0]?.verifiedAt).toBe('2026-11-22T03:00:00Z')
    removeVerification('cid_one')
    expect(sessionStorage.getItem(KEY)).toBeNull()
  })
})

describe('verificationPhase', () => {
  it('waits, then times out, unless verified', () => {
    expect(verificationPhase(entry(), 60_999)).toBe('waiting')
    expect(verificationPhase(entry(), 61_000)).toBe('timed-out')
    expect(verificationPhase(entry({ verifiedAt: '2026-11-22T03:00:00Z' }), 99_999)).toBe('verified')
  })
})
