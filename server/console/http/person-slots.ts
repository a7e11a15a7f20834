// What one person has under way of a kind of heavy work (exports streaming, searches running or waiting),
// counted in the store so the cap holds across every console instance: each piece of work claims one of the
// person's `perPerson` slots of its kind, renews it while it lasts, and frees it when it ends. An instance that
// dies stops renewing, and its slots lapse within SLOT_TTL_MS.
import { randomUUID } from 'node:crypto'
import type { ConsoleStore } from '../store'

const SLOT_TTL_MS = 30_000
const RENEW_EVERY_MS = 10_000

export interface PersonSlot {
  /** Frees the slot; safe to call more than once. */
  release(): Promise<void>
}

/** `kind` keeps this cap's slots apart from another's (`export`, `search`). */
export function createPersonSlots(
  store: Pick<ConsoleStore, 'personClaims'>,
  kind: string,
  perPerson: number,
  now: () => number,
  onError: (error: unknown) => void = () => {},
) {
  return {
    /** A free slot of the person's, or null when all `perPerson` are taken. */
    async claim(userId: string): Promise<PersonSlot | null> {
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
        },
      }
    },
  }
}
