// A person's slots in the store, and the wait for one: work asked past the cap waits for a slot to be freed (here at
// once, by another instance after asking the store again), as many waits as slots, past that refused at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import type { ConsoleStore } from '../store'
import { fakeClock } from '../test-support/console-app'
import { openTestStore } from '../test-support/test-store'
import { createPersonSlots } from './person-slots'

let store: ConsoleStore
beforeAll(async () => {
  store = await openTestStore()
})
afterAll(async () => {
  await store?.close()
})

// Long enough that no wait here ends by it: each ends by a slot freed, or at once.
const WAIT = { maxWaitMs: 60_000, maxWaiting: 2 }

describe('a person’s slots, waited for', () => {
  it('queues work past the cap until a slot is freed, and every wait gets one in the end', async () => {
    const slots = createPersonSlots(store, 'queued', 2, fakeClock().now)
    const running = [await slots.claimWhenFree('a', WAIT), await slots.claimWhenFree('a', WAIT)]
    expect(running.every((slot) => slot !== null)).toBe(true)
    const third = slots.claimWhenFree('a', WAIT)
    const fourth = slots.claimWhenFree('a', WAIT)
    await eventually(() => expect(slots.waitingOf('a')).toBe(2))
    // The line is full: one more is refused at once, and another person is not held by it.
    expect(await slots.claimWhenFree('a', WAIT)).toBeNull()
    const other = await slots.claimWhenFree('b', WAIT)
    expect(other).not.toBeNull()
    // Each slot freed goes to a wait (the first in line is woken; the others ask the store again each second).
    for (const slot of running) await slot?.release()
    const woken = await Promise.all([third, fourth])
    expect(woken.every((slot) => slot !== null)).toBe(true)
    expect(slots.waitingOf('a')).toBe(0)
    // Both slots are the waits' now: the cap still holds.
    expect(await slots.claim('a')).toBeNull()
    for (const slot of [...woken, other]) await slot?.release()
  })

  it('sees a slot freed on another instance when it asks the store again', async () => {
    const clock = fakeClock()
    const here = createPersonSlots(store, 'across', 1, clock.now)
    const elsewhere = createPersonSlots(store, 'across', 1, clock.now)
    const held = await elsewhere.claim('a')
    const waiting = here.claimWhenFree('a', WAIT)
    await eventually(() => expect(here.waitingOf('a')).toBe(1))
    await held?.release()
    const slot = await waiting
    expect(slot).not.toBeNull()
    await slot?.release()
  })

  it('gives up with no slot when the client goes away, or the wait runs out', async () => {
    const slots = createPersonSlots(store, 'given-up', 1, fakeClock().now)
    const held = await slots.claim('a')
    const gone = new AbortController()
    const leaving = slots.claimWhenFree('a', { ...WAIT, signal: gone.signal })
    await eventually(() => expect(slots.waitingOf('a')).toBe(1))
    gone.abort()
    expect(await leaving).toBeNull()
    expect(slots.waitingOf('a')).toBe(0)
    expect(await slots.claimWhenFree('a', { maxWaitMs: 10, maxWaiting: 1 })).toBeNull()
    await held?.release()
  })
})
