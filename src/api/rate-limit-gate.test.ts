import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRateLimitGate } from './rate-limit-gate'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Whether the promise has settled once the already-queued timers and microtasks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  promise.then(
    () => {
      done = true
    },
    () => {
      done = true
    },
  )
  await vi.advanceTimersByTimeAsync(0)
  return done
}

describe('createRateLimitGate', () => {
  it('lets requests through at once while nothing is held', async () => {
    const gate = createRateLimitGate()
    expect(await settled(gate.wait())).toBe(true)
  })

  it('keeps every waiting request until the Retry-After has passed', async () => {
    const gate = createRateLimitGate()
    gate.hold(3000)
    const first = gate.wait()
    const second = gate.wait()
    await vi.advanceTimersByTimeAsync(2999)
    expect(await settled(Promise.race([first, second]))).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await settled(Promise.all([first, second]))).toBe(true)
  })

  it('never lets a shorter Retry-After cut a longer one short, and follows one that extends it', async () => {
    const gate = createRateLimitGate()
    gate.hold(5000)
    gate.hold(1000)
    const waiting = gate.wait()
    await vi.advanceTimersByTimeAsync(4000)
    // A 429 that arrives meanwhile pushes the end further out.
    gate.hold(3000)
    await vi.advanceTimersByTimeAsync(2000)
    expect(await settled(waiting)).toBe(false)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await settled(waiting)).toBe(true)
  })

  it('rejects a wait whose signal is aborted, with the signal’s reason', async () => {
    const gate = createRateLimitGate()
    gate.hold(10_000)
    const controller = new AbortController()
    const waiting = gate.wait(controller.signal)
    const reason = new DOMException('Left the page', 'AbortError')
    controller.abort(reason)
    await expect(waiting).rejects.toBe(reason)
    await expect(gate.wait(controller.signal)).rejects.toBe(reason)
  })

  it('opens again after clear', async () => {
    const gate = createRateLimitGate()
    gate.hold(60_000)
    gate.clear()
    expect(await settled(gate.wait())).toBe(true)
  })

  it('tells its listeners of a new hold and says when it opens, so a page can show the wait', () => {
    const gate = createRateLimitGate(() => 1_000)
    const told: number[] = []
    const stop = gate.subscribe(() => told.push(gate.openAt()))
    gate.hold(5_000)
    gate.hold(2_000) // shorter: changes nothing, tells nobody
    expect(told).toEqual([6_000])
    stop()
    gate.hold(9_000)
    expect(told).toEqual([6_000])
    expect(gate.openAt()).toBe(10_000)
  })
})
