// What one person has under way of a kind of heavy work (exports streaming, searches running or waiting),
// counted in the store so the cap holds across every console instance: each piece of work claims one of the
// person's `perPerson` slots of its kind, renews it while it lasts, and frees it when it ends. An instance that
// dies stops renewing, and its slots lapse within SLOT_TTL_MS. Work that would rather wait than be refused
// (an export) waits for a slot a while, a few of a person's at once.
import { randomUUID } from 'node:crypto'
import type { ConsoleStore } from '../store'

const SLOT_TTL_MS = 30_000
const RENEW_EVERY_MS = 10_000
// A wait for a slot asks the store again this often: a slot freed on another instance is seen within it (one freed
// on this one wakes its person's waits at once).
const ASK_AGAIN_MS = 1_000

export interface PersonSlot {
  /** Frees the slot; safe to call more than once. */
  release(): Promise<void>
}

interface SlotWait {
  /** The longest a request waits for a slot before it is refused after all. */
  maxWaitMs: number
  /** A person's requests waiting at once on this instance; one more is refused at once. */
  maxWaiting: number
  /** The client went away: the wait ends, with no slot. */
  signal?: AbortSignal
}

/** `kind` keeps this cap's slots apart from another's (`export`, `search`). */
export function createPersonSlots(
  store: Pick<ConsoleStore, 'personClaims'>,
  kind: string,
  perPerson: number,
  now: () => number,
  onError: (error: unknown) => void = () => {},
) {
  // The person's waits on this instance, in order of arrival: the first is woken when a slot of theirs is freed here.
  const wakers = new Map<string, Set<() => void>>()
  const wake = (userId: string) => {
    const [first] = wakers.get(userId) ?? []
    first?.()
  }
  /** Resolves when one of the person's slots is freed here, after `ms`, or when `signal` aborts. */
  const freedOrLater = (userId: string, ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve) => {
      const waits = wakers.get(userId) ?? new Set()
      wakers.set(userId, waits)
      const done = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        waits.delete(done)
        if (waits.size === 0) wakers.delete(userId)
        resolve()
      }
      const timer = setTimeout(done, ms)
      signal?.addEventListener('abort', done, { once: true })
      waits.add(done)
    })
  const waiting = new Map<string, number>()

  /** A free slot of the person's, or null when all `perPerson` are taken. */
  async function claim(userId: string): Promise<PersonSlot | null> {
    const holder = randomUUID()
    let slot = -1
    for (let index = 0; index < perPerson && slot < 0; index++)
      if (await store.personClaims.claim(`${kind}:${userId}:${index}`, holder, now(), SLOT_TTL_MS)) slot = index
    if (slot < 0) return null
    const renewal = setInterval(
      () => void store.personClaims.renew(holder, now(), SLOT_TTL_MS).catch(onError),
      RENEW_EVERY_MS,
    )
    renewal.unref()
    let released = false
    return {
      release: async () => {
        if (released) return
        released = true
        clearInterval(renewal)
        await store.personClaims.release(holder).catch(onError)
        wake(userId)
      },
    }
  }

  return {
    claim,
    /** The person's requests waiting for a slot on this instance (what the tests read). */
    waitingOf: (userId: string) => waiting.get(userId) ?? 0,
    /**
     * A slot of the person's: at once when one is free, else one freed within `maxWaitMs` (the person's oldest wait
     * here is woken first). Null when none came, when `maxWaiting` of the person's already wait here, or when the
     * client went away.
     */
    async claimWhenFree(userId: string, wait: SlotWait): Promise<PersonSlot | null> {
      const first = await claim(userId)
      if (first) return first
      const waits = waiting.get(userId) ?? 0
      if (waits >= wait.maxWaiting) return null
      waiting.set(userId, waits + 1)
      const deadline = performance.now() + wait.maxWaitMs
      try {
        for (;;) {
          const left = deadline - performance.now()
          if (left <= 0 || wait.signal?.aborted) return null
          await freedOrLater(userId, Math.min(ASK_AGAIN_MS, left), wait.signal)
          if (wait.signal?.aborted) return null
          const slot = await claim(userId)
          if (slot) return slot
        }
      } finally {
        const left = (waiting.get(userId) ?? 1) - 1
        if (left > 0) waiting.set(userId, left)
        else waiting.delete(userId)
      }
    },
  }
}
