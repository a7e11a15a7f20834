// Whether a console instance runs on a PostgreSQL database, read from the store's leases without opening the store
// (which would migrate, or refuse a database pg_restore has yet to fill). Every instance renews a lease of its own
// every second, for a few seconds (cluster/instance-presence.ts), and the holders of the shared work renew theirs
// (an older release has only those): an instance runs while a lease it holds is within its time. Looked at twice,
// a lease time apart: a shared lease given up by an instance that stopped is seen again once another takes it.
import pg from 'pg'
import { PRESENCE_LEASE_PREFIX } from '../cluster/instance-presence'
import { LEASE_TTL_MS } from '../cluster/lease'

export interface RunningInstance {
  holder: string
  leases: string[]
}

/** The holders of leases still within their time, by the database's own clock (the one the leases are kept by). */
async function holdersNow(url: string): Promise<RunningInstance[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string; holder: string }>(
      `select name, holder from console_leases
        where expires_at > (extract(epoch from clock_timestamp()) * 1000)::bigint order by holder, name`,
    )
    const byHolder = new Map<string, string[]>()
    for (const row of rows) byHolder.set(row.holder, [...(byHolder.get(row.holder) ?? []), row.name])
    return [...byHolder].map(([holder, leases]) => ({ holder, leases }))
  } catch (error) {
    // A database no console has opened yet (a new one to restore into) has no leases table: nothing runs on it.
    if ((error as { code?: string }).code === '42P01') return []
    throw error
  } finally {
    await client.end()
  }
}

/** The instances running on the database at `url`; an empty list once two looks `settleMs` apart found none. */
export async function runningInstances(url: string, settleMs = LEASE_TTL_MS): Promise<RunningInstance[]> {
  const first = await holdersNow(url)
  if (first.length > 0) return first
  await new Promise((done) => setTimeout(done, settleMs))
  return holdersNow(url)
}

/** Who runs, in words for the operator. */
export const describeInstances = (running: RunningInstance[]) =>
  running.map((instance) => {
    const work = instance.leases.filter((name) => !name.startsWith(PRESENCE_LEASE_PREFIX))
    return work.length > 0 ? `  ${instance.holder} (does ${work.join(', ')})` : `  ${instance.holder}`
  })
