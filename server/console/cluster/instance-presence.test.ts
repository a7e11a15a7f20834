// Each running instance holds a lease of its own while it runs, gives it up when it stops, and a row left behind
// by an instance stopped (or crashed) long ago goes; the shared leases are left alone.
import { expect, it } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { createLogger } from '../http/request-log'
import { openTestStore } from '../test-support/test-store'
import { announceInstance } from './instance-presence'

const DAY_MS = 24 * 60 * 60_000

it('holds instance:<id> while it runs, gives it up when it stops, and forgets the rows of long-gone instances', async () => {
  const store = await openTestStore()
  const logger = createLogger('off')
  try {
    const expiresOf = async (name: string) =>
      Number((await store.leases.all()).find((lease) => lease.name === name)?.expires_at)
    const one = announceInstance({ store, instanceId: 'one', logger })
    await eventually(async () => expect(await expiresOf('instance:one')).toBeGreaterThan(Date.now()))
    await one.close()
    expect(await expiresOf('instance:one')).toBe(0)

    // Crashed two days ago and an hour ago: renewed then, never since. A shared lease given up: not an instance's.
    await store.leases.acquire('instance:crashed-long-ago', 'crashed-long-ago', 3_000, Date.now() - 2 * DAY_MS)
    await store.leases.acquire('instance:crashed-lately', 'crashed-lately', 3_000, Date.now() - 60 * 60_000)
    await store.leases.acquire('call-index', 'gone', 3_000, Date.now() - 2 * DAY_MS)

    const two = announceInstance({ store, instanceId: 'two', logger })
    await eventually(async () =>
      expect((await store.leases.all()).map((lease) => lease.name).sort()).toEqual([
        'call-index',
        'instance:crashed-lately',
        'instance:two',
      ]),
    )
    await two.close()
  } finally {
    await store.close()
  }
})
