// The delivery loop's waits over a real queue (the alert deliveries' table): while none waits it looks for
// deliveries every idle period, not every poll interval, unless only the poll interval is given (the tests' way).
import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { createLogger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import { openTestStore } from '../test-support/test-store'
import { createDeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker'

let store: ConsoleStore | null = null
const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
  await store?.close()
  store = null
})

/** A worker over the store's alert deliveries, counting its looks (each a claim). */
async function countingWorker(waits: Pick<DeliveryWorkerOptions<unknown>, 'pollMs' | 'idlePollMs'>) {
  store = await openTestStore()
  const queue = store.alertDeliveries
  const looks = { count: 0 }
  const worker = createDeliveryWorker({
    queue: {
      claimDue: (...args: Parameters<typeof queue.claimDue>) => {
        looks.count += 1
        return queue.claimDue(...args)
      },
      nextDueAt: () => queue.nextDueAt(),
    },
    deliver: async () => {},
    logger: createLogger('json', () => true),
    name: 'test delivery',
    now: Date.now,
    ...waits,
  })
  worker.start()
  stops.push(() => worker.stop())
  return looks
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the delivery worker’s looks at an empty queue', () => {
  it('looks once per idle period while none waits, whatever the poll interval', async () => {
    const looks = await countingWorker({ pollMs: 20, idlePollMs: 60_000 })
    await eventually(() => expect(looks.count).toBe(1))
    await sleep(500)
    // At 20 ms, 25 looks would have been made by now.
    expect(looks.count).toBe(1)
  })

  it('looks every poll interval when only that is given', async () => {
    const looks = await countingWorker({ pollMs: 20 })
    await eventually(() => expect(looks.count).toBeGreaterThanOrEqual(5), 10_000)
  })

  it('looks every 15 s by default while none waits (2 s was the poll interval)', async () => {
    const looks = await countingWorker({})
    await eventually(() => expect(looks.count).toBe(1))
    await sleep(2_500)
    expect(looks.count).toBe(1)
  })
})
