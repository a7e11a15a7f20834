// The switches of the quirks upstream (server/console/test-support/quirks-upstream.ts), from a journey.
import type { Quirks } from '../../server/console/test-support/quirks-upstream'
import { urls } from './servers'

export { QUIRK_CALL_IDS, UNKNOWN_STATUS } from '../../server/console/test-support/quirks-catalogue'

/** Sets these switches, the others as they were. */
export async function setQuirks(change: Partial<Quirks>): Promise<void> {
  const res = await fetch(`${urls.quirksApi}/__quirks`, { method: 'PUT', body: JSON.stringify(change) })
  if (!res.ok) throw new Error(`the quirks upstream refused ${JSON.stringify(change)}: ${res.status}`)
}

/** Every switch back to a plain service. */
export async function resetQuirks(): Promise<void> {
  const res = await fetch(`${urls.quirksApi}/__quirks`, { method: 'DELETE' })
  if (!res.ok) throw new Error(`the quirks upstream did not reset: ${res.status}`)
}

/** Every request that reached the quirks upstream's API, as `METHOD path?query`, oldest first. */
export async function seenByQuirks(): Promise<string[]> {
  const res = await fetch(`${urls.quirksApi}/__quirks/seen`)
  if (!res.ok) throw new Error(`the quirks upstream did not say what it saw: ${res.status}`)
  return (await res.json()) as string[]
}
