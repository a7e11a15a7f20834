import { describe, expect, it } from 'vitest'
import {
  createVerificationStore,
  type VerificationEntry,
  type VerificationStorage,
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

/** A Storage of its own per test, so no test sees another's entries. */
function memoryStorage(seed: Record<string, string> = {}): VerificationStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(seed))
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

function stored(storage: { data: Map<string, string> }): unknown {
  return JSON.parse(storage.data.get(KEY) ?? 'null')
}

describe('verification store', () => {
  it('survives a reload through its storage', () => {
    const storage = memoryStorage()
    const store = createVerificationStore(storage)
    store.add(entry())
    store.add(entry({ callerIdId: 'cid_two', phoneNumber: '+14155550122' }))
    const reloaded = createVerificationStore(storage)
    expect(reloaded.entries().map((e) => e.callerIdId)).toEqual(['cid_two', 'cid_one'])
  })

  it('replaces an older verification of the same number', () => {
    const storage = memoryStorage()
    const store = createVerificationStore(storage)
    store.add(entry())
    store.add(entry({ callerIdId: 'cid_again', validationCode: '111222' }))
    expect(stored(storage)).toEqual([entry({ callerIdId: 'cid_again', validationCode: '111222' })])
  })

  it('drops stored data that does not validate', () => {
    const invalid = memoryStorage({ [KEY]: JSON.stringify([{ callerIdId: 42 }]) })
    const store = createVerificationStore(invalid)
    expect(store.entries()).toEqual([])
    store.add(entry())
    expect(stored(invalid)).toEqual([entry()])
    const broken = createVerificationStore(memoryStorage({ [KEY]: '{not json' }))
    expect(broken.entries()).toEqual([])
  })

  it('marks verified, removes, and tells its subscribers', () => {
    const storage = memoryStorage()
    const store = createVerificationStore(storage)
    let changes = 0
    const unsubscribe = store.subscribe(() => changes++)
    store.add(entry())
    store.markVerified('cid_one', '2026-11-22T03:00:00Z')
    expect((stored(storage) as VerificationEntry[])[0]?.verifiedAt).toBe('2026-11-22T03:00:00Z')
    store.remove('cid_one')
    expect(storage.data.has(KEY)).toBe(false)
    expect(changes).toBe(3)
    unsubscribe()
    store.add(entry())
    expect(changes).toBe(3)
  })

  it('still works for this page view without storage', () => {
    const store = createVerificationStore(undefined)
    store.add(entry())
    expect(store.entries()).toEqual([entry()])
  })
})

describe('verificationPhase', () => {
  it('waits, then times out, unless verified', () => {
    expect(verificationPhase(entry(), 60_999)).toBe('waiting')
    expect(verificationPhase(entry(), 61_000)).toBe('timed-out')
    expect(verificationPhase(entry({ verifiedAt: '2026-11-22T03:00:00Z' }), 99_999)).toBe('verified')
  })
})
