// The export pages' turns on a clock the test holds: what a page cost is what the clock moved while it ran, and a
// rest ends when the test says, so the order and the rests are read from the log, never from the machine's speed.
import { describe, expect, it } from 'vitest'
import { createStreamTurns } from './stream-turns'

const settle = () => new Promise((resolve) => setImmediate(resolve))

/**
 * A clock moved by the pages themselves, and the rests asked for, ended by the test. Another request begins on the
 * instance whenever a page's time moves (the case of every test but the one of an export alone).
 */
function heldTime() {
  let now = 0
  let begun = 0
  const rests: { ms: number; end: () => void }[] = []
  return {
    clock: () => now,
    begun: () => begun,
    advance: (ms: number, othersCame = true) => {
      now += ms
      if (othersCame) begun += 1
    },
    rest: (ms: number) => new Promise<void>((end) => rests.push({ ms, end })),
    rests,
  }
}

describe('stream turns', () => {
  it('does not rest after a page during which no other request began: an export alone keeps its speed', async () => {
    const time = heldTime()
    const turns = createStreamTurns({ share: 0.25, busyClock: time.clock, rest: time.rest, requestsBegun: time.begun })
    const alone = async () => time.advance(8, false)
    await turns.page('a', alone)
    await turns.page('a', alone)
    expect(time.rests).toEqual([])
    await turns.page('a', async () => time.advance(8))
    expect(time.rests.map((one) => one.ms)).toEqual([24])
  })

  it('runs one page at a time, and holds the turn through a rest three times the page at a quarter share', async () => {
    const time = heldTime()
    const turns = createStreamTurns({ share: 0.25, busyClock: time.clock, rest: time.rest, requestsBegun: time.begun })
    const log: string[] = []
    const page = (name: string, took: number) => async () => {
      log.push(`${name} starts`)
      time.advance(took)
      return name
    }
    const first = turns.page('a', page('a1', 8))
    const second = turns.page('b', page('b1', 4))
    // The page's rows go out as soon as they are made: the rest is the next page's wait, not this one's.
    expect(await first).toBe('a1')
    await settle()
    expect(log).toEqual(['a1 starts'])
    expect(time.rests.map((one) => one.ms)).toEqual([24])
    time.rests[0]?.end()
    expect(await second).toBe('b1')
    expect(log).toEqual(['a1 starts', 'b1 starts'])
    expect(time.rests.map((one) => one.ms)).toEqual([24, 12])
  })

  it('gives people pages in rotation: one person’s many exports wait behind one page of another’s, not all', async () => {
    const time = heldTime()
    const turns = createStreamTurns({ share: 0.5, busyClock: time.clock, rest: time.rest, requestsBegun: time.begun })
    const log: string[] = []
    const page = (name: string) => async () => {
      log.push(name)
      time.advance(1)
    }
    // a has three exports asking at once, b one, asked after all of a's.
    const asked = [
      turns.page('a', page('a1')),
      turns.page('a', page('a2')),
      turns.page('a', page('a3')),
      turns.page('b', page('b1')),
    ]
    for (let rested = 0; rested < 3; rested++) {
      await settle()
      time.rests[rested]?.end()
    }
    await Promise.all(asked)
    expect(log).toEqual(['a1', 'b1', 'a2', 'a3'])
  })

  it('takes a turn and gives it back when the page fails, so the next goes after its rest', async () => {
    const time = heldTime()
    const turns = createStreamTurns({ share: 0.25, busyClock: time.clock, rest: time.rest, requestsBegun: time.begun })
    const failing = turns.page('a', async () => {
      time.advance(2)
      throw new Error('the store went away')
    })
    await expect(failing).rejects.toThrow('the store went away')
    const next = turns.page('b', async () => 'b1')
    await settle()
    expect(time.rests.map((one) => one.ms)).toEqual([6])
    time.rests[0]?.end()
    expect(await next).toBe('b1')
  })

  it('lets a page whose client went away leave the line without its turn', async () => {
    const time = heldTime()
    const turns = createStreamTurns({ share: 0.25, busyClock: time.clock, rest: time.rest, requestsBegun: time.begun })
    const log: string[] = []
    const first = turns.page('a', async () => {
      time.advance(1)
      log.push('a1')
    })
    const gone = new AbortController()
    const leaving = turns.page(
      'b',
      async () => {
        log.push('b1')
      },
      gone.signal,
    )
    const staying = turns.page('c', async () => {
      log.push('c1')
    })
    await first
    gone.abort(new Error('the client went away'))
    await expect(leaving).rejects.toThrow('the client went away')
    await settle()
    time.rests[0]?.end()
    await staying
    expect(log).toEqual(['a1', 'c1'])
  })

  it('rests not at all at a share of 1', async () => {
    const time = heldTime()
    const turns = createStreamTurns({ share: 1, busyClock: time.clock, rest: time.rest, requestsBegun: time.begun })
    await turns.page('a', async () => time.advance(5))
    await turns.page('a', async () => time.advance(5))
    expect(time.rests).toEqual([])
  })
})
