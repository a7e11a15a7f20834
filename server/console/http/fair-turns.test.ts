// The readers' turns in rotation between people: who goes next is read from the order turns start, never from
// times, so a slow machine cannot change the answer.
import { describe, expect, it } from 'vitest'
import { createFairTurns, type Turn } from './fair-turns'

/** Each `take` of a name, logged as it starts: `a1` is a's first. */
function recorder(turns: ReturnType<typeof createFairTurns>) {
  const started: string[] = []
  const held = new Map<string, Turn>()
  const counts = new Map<string, number>()
  const take = (person: string, signal?: AbortSignal) => {
    const n = (counts.get(person) ?? 0) + 1
    counts.set(person, n)
    const name = `${person}${n}`
    const taken = turns.take(person, signal).then((turn) => {
      started.push(name)
      held.set(name, turn)
    })
    return { name, taken }
  }
  const done = async (name: string) => {
    held.get(name)?.done()
    // The next turn starts in a promise's callback: let it.
    await Promise.resolve()
    await Promise.resolve()
  }
  return { started, take, done }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('fair turns', () => {
  it('starts a turn at once while one is free', async () => {
    const r = recorder(createFairTurns({ atOnce: 2, perPerson: 1 }))
    r.take('a')
    r.take('b')
    await settle()
    expect(r.started).toEqual(['a1', 'b1'])
  })

  it('serves people in rotation, not in order of arrival: b waits behind one of a’s, not all of them', async () => {
    const turns = createFairTurns({ atOnce: 1, perPerson: 1 })
    const r = recorder(turns)
    for (let i = 0; i < 4; i++) r.take('a')
    r.take('b')
    r.take('c')
    await settle()
    expect(r.started).toEqual(['a1'])
    // a has had a turn: b and c, who have not, go before a's next.
    expect(turns.state().waiting).toEqual([
      { person: 'b', waits: 1 },
      { person: 'c', waits: 1 },
      { person: 'a', waits: 3 },
    ])
    for (const name of ['a1', 'b1', 'c1', 'a2', 'a3']) await r.done(name)
    await settle()
    // a, then b and c who waited while a was served, then a's others.
    expect(r.started).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'a4'])
  })

  it('alternates between two people who both flood, whoever came first', async () => {
    const r = recorder(createFairTurns({ atOnce: 1, perPerson: 1 }))
    for (let i = 0; i < 3; i++) r.take('a')
    for (let i = 0; i < 3; i++) r.take('b')
    await settle()
    for (const name of ['a1', 'b1', 'a2', 'b2', 'a3']) await r.done(name)
    await settle()
    expect(r.started).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'b3'])
  })

  it('runs at most perPerson of a person at once, even with turns free', async () => {
    const turns = createFairTurns({ atOnce: 3, perPerson: 1 })
    const r = recorder(turns)
    r.take('a')
    r.take('a')
    r.take('a')
    r.take('b')
    await settle()
    expect(r.started).toEqual(['a1', 'b1'])
    expect(turns.state().running).toEqual(
      new Map([
        ['a', 1],
        ['b', 1],
      ]),
    )
    await r.done('b1')
    await settle()
    // A turn is free, but a's second waits for a's first.
    expect(r.started).toEqual(['a1', 'b1'])
    await r.done('a1')
    await settle()
    expect(r.started).toEqual(['a1', 'b1', 'a2'])
  })

  it('puts a newcomer behind the line of a person already waiting, not ahead of it', async () => {
    const turns = createFairTurns({ atOnce: 1, perPerson: 2 })
    const r = recorder(turns)
    r.take('a')
    r.take('b')
    await settle()
    await r.done('a1')
    r.take('b')
    await settle()
    expect(r.started).toEqual(['a1', 'b1'])
    expect(turns.state().waiting).toEqual([{ person: 'b', waits: 1 }])
  })

  it('lets an aborted wait leave the line, and its place go to the next', async () => {
    const turns = createFairTurns({ atOnce: 1, perPerson: 1 })
    const r = recorder(turns)
    r.take('a')
    const gone = new AbortController()
    const left = r.take('b', gone.signal)
    r.take('c')
    await settle()
    gone.abort(new Error('closed'))
    await expect(left.taken).rejects.toThrow('closed')
    expect(turns.state().waiting).toEqual([{ person: 'c', waits: 1 }])
    await r.done('a1')
    await settle()
    expect(r.started).toEqual(['a1', 'c1'])
    // A turn ended twice frees one turn, not two.
    await r.done('a1')
    r.take('d')
    await settle()
    expect(r.started).toEqual(['a1', 'c1'])
  })

  it('refuses a wait already aborted, and counts it nowhere', async () => {
    const turns = createFairTurns({ atOnce: 1, perPerson: 1 })
    await expect(turns.take('a', AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone')
    expect(turns.state()).toEqual({ running: new Map(), waiting: [] })
  })
})
