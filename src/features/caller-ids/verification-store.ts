// Verifications the person is waiting on, kept in sessionStorage so a reload
// of the tab keeps them. What is read back is validated: storage is input.
import { useSyncExternalStore } from 'react'
import * as z from 'zod/mini'

const STORAGE_KEY = 'voice-dashboard.caller-id-verifications'

const verificationEntry = z.object({
  callerIdId: z.string(),
  phoneNumber: z.string(),
  validationCode: z.string(),
  message: z.string(),
  /** Epoch ms when the verification call was requested. */
  startedAt: z.number(),
  /** Fixed at start, so a reload does not change when it gives up. */
  timeoutMs: z.int().check(z.positive()),
  /** Set once the list shows the number verified, so success outlives the polling. */
  verifiedAt: z.nullable(z.string()),
})
export type VerificationEntry = z.infer<typeof verificationEntry>

const storedEntries = z.array(verificationEntry)

export type VerificationStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** A store over one storage: the page uses sessionStorage, tests pass their own. */
export function createVerificationStore(storage: VerificationStorage | undefined) {
  let entries: readonly VerificationEntry[] = read()
  const listeners = new Set<() => void>()

  function read(): VerificationEntry[] {
    try {
      const raw = storage?.getItem(STORAGE_KEY)
      if (!raw) return []
      const parsed = storedEntries.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : []
    } catch {
      // Unreadable JSON or storage switched off: start with none.
      return []
    }
  }

  function write(next: readonly VerificationEntry[]) {
    entries = next
    try {
      if (next.length) storage?.setItem(STORAGE_KEY, JSON.stringify(next))
      else storage?.removeItem(STORAGE_KEY)
    } catch {
      // Storage may be full or off; the entries still live for this page view.
    }
    for (const listener of listeners) listener()
  }

  return {
    entries: () => entries,
    /** A new verification replaces an older one of the same number: only the latest code is valid. */
    add(entry: VerificationEntry): void {
      write([entry, ...entries.filter((e) => e.phoneNumber !== entry.phoneNumber)])
    },
    markVerified(callerIdId: string, verifiedAt: string): void {
      if (!entries.some((e) => e.callerIdId === callerIdId && e.verifiedAt === null)) return
      write(entries.map((e) => (e.callerIdId === callerIdId ? { ...e, verifiedAt } : e)))
    },
    remove(callerIdId: string): void {
      write(entries.filter((e) => e.callerIdId !== callerIdId))
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

function sessionStorageIfAllowed(): VerificationStorage | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    // Reading sessionStorage throws where the browser blocks storage.
    return undefined
  }
}

const store = createVerificationStore(sessionStorageIfAllowed())

export const addVerification = store.add
export const markVerified = store.markVerified
export const removeVerification = store.remove

export function useVerifications(): readonly VerificationEntry[] {
  return useSyncExternalStore(store.subscribe, store.entries)
}

export type VerificationPhase = 'waiting' | 'verified' | 'timed-out'

export function verificationPhase(entry: VerificationEntry, now: number): VerificationPhase {
  if (entry.verifiedAt !== null) return 'verified'
  return now - entry.startedAt >= entry.timeoutMs ? 'timed-out' : 'waiting'
}
