// Turns at the store's readers, taken in rotation between people rather than in order of arrival: one FIFO
// for everybody let one person's dozens of searches stand ahead of everyone else's (a manager's search waited
// 64 s behind a flood). Each person waits in a line of their own; when a turn frees, of the people with someone
// waiting and fewer than `perPerson` running, the one whose last turn started longest ago goes (one who has had
// none first, in order of arrival). How many may wait is not counted
// here: that is the person's slots (person-slots.ts), counted in the store across instances. Pure: no clock.

export interface Turn {
  /** Ends the turn (the next in the rotation goes); safe to call more than once. */
  done(): void
}

export interface FairTurnsState {
  /** Turns running, by person. */
  running: ReadonlyMap<string, number>
  /** The people waiting, in the rotation's order (the first who may run goes next), and how many each. */
  waiting: { person: string; waits: number }[]
}

export type FairTurns = ReturnType<typeof createFairTurns>

interface Waiter {
  person: string
  start: (turn: Turn) => void
}

export function createFairTurns(options: { atOnce: number; perPerson: number }) {
  const atOnce = Math.max(1, options.atOnce)
  const perPerson = Math.max(1, options.perPerson)
  const running = new Map<string, number>()
  let runningTotal = 0
  // People with someone waiting, in order of arrival.
  const lines = new Map<string, Waiter[]>()
  // When each person running or waiting last started a turn (a count of turns, not a time): the rotation.
  const lastStart = new Map<string, number>()
  let starts = 0
  const forgetIdle = (person: string) => {
    if (!running.has(person) && !lines.has(person)) lastStart.delete(person)
  }

  const startTurn = (person: string): Turn => {
    running.set(person, (running.get(person) ?? 0) + 1)
    runningTotal += 1
    lastStart.set(person, ++starts)
    let ended = false
    return {
      done: () => {
        if (ended) return
        ended = true
        const left = (running.get(person) ?? 1) - 1
        if (left > 0) running.set(person, left)
        else running.delete(person)
        runningTotal -= 1
        forgetIdle(person)
        next()
      },
    }
  }

  const mayRun = (person: string) => (running.get(person) ?? 0) < perPerson
  /** The people waiting, the next to go first: least lately started (never: 0), then in order of arrival. */
  const rotation = () => [...lines.keys()].sort((a, b) => (lastStart.get(a) ?? 0) - (lastStart.get(b) ?? 0))

  function next() {
    while (runningTotal < atOnce) {
      const person = rotation().find(mayRun)
      if (person === undefined) return
      const line = lines.get(person) ?? []
      const waiter = line.shift()
      if (line.length === 0) lines.delete(person)
      waiter?.start(startTurn(person))
    }
  }

  return {
    /**
     * A turn for `person`: at once when a turn is free and the person has fewer than `perPerson` running,
     * else when the rotation reaches them. An aborted wait leaves the line and rejects with the signal's reason.
     */
    take(person: string, signal?: AbortSignal): Promise<Turn> {
      if (signal?.aborted) return Promise.reject(signal.reason)
      if (runningTotal < atOnce && mayRun(person) && !lines.has(person)) return Promise.resolve(startTurn(person))
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          person,
          start: (turn) => {
            signal?.removeEventListener('abort', leave)
            resolve(turn)
          },
        }
        const leave = () => {
          const line = lines.get(person)
          const at = line?.indexOf(waiter) ?? -1
          if (!line || at < 0) return
          line.splice(at, 1)
          if (line.length === 0) lines.delete(person)
          forgetIdle(person)
          reject(signal?.reason)
        }
        signal?.addEventListener('abort', leave, { once: true })
        const line = lines.get(person)
        if (line) line.push(waiter)
        else lines.set(person, [waiter])
      })
    },
    /** Who runs, and who waits in the rotation's order: what the tests read, rather than times. */
    state(): FairTurnsState {
      return {
        running: new Map(running),
        waiting: rotation().map((person) => ({ person, waits: lines.get(person)?.length ?? 0 })),
      }
    },
  }
}
