// A person's exports under way, counted in the store so the cap holds across every console instance: each
// export claims one of the person's `perPerson` slots, renews it while it streams, and frees it when it ends.
// An instance that dies stops renewing, and its exports' slots lapse within EXPORT_CLAIM_TTL_MS.
import { randomUUID } from 'node:crypto'
import type { ConsoleStore } from '../../store'

const EXPORT_CLAIM_TTL_MS = 30_000
const RENEW_EVERY_MS = 10_000

export interface ExportClaim {
  /** Frees the slot; safe to call more than once. */
  release(): Promise<void>
}

export function createExportClaims(
  store: Pick<ConsoleStore, 'personClaims'>,
  perPerson: number,
  now: () => number,
  onError: (error: unknown) => void = () => {},
) {
  return {
    /** A free slot of the person's, or null when all `perPerson` are taken. */
    async claim(userId: string): Promise<ExportClaim | null> {
      const holder = randomUUID()
      let slot = -1
      for (let index = 0; index < perPerson && slot < 0; index++)
        if (await store.personClaims.claim(`export:${userId}:${index}`, holder, now(), EXPORT_CLAIM_TTL_MS))
          slot = index
      if (slot < 0) return null
      const renewal = setInterval(
        () => void store.personClaims.renew(holder, now(), EXPORT_CLAIM_TTL_MS).catch(onError),
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
