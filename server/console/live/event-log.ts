// The hub's recent events, so a browser that reconnects with Last-Event-ID gets what it missed.
// Bounded: the oldest go first, and a cursor from before them (or from before a restart of the
// console, or of the hub going idle) cannot be served, which the caller answers with a snapshot.

interface LoggedEvent<T> {
  seq: number
  id: string
  value: T
}

export interface EventLog<T> {
  append(value: T): LoggedEvent<T>
  /** The id of the newest event: where a snapshot taken now stands. */
  cursor(): string
  /** Every event after `id`, or null when some of them are gone (or `id` is not one of ours). */
  since(id: string): LoggedEvent<T>[] | null
  /** Forgets everything: no cursor given out so far can be served any more. */
  clear(): void
}

export function createEventLog<T>(capacity: number, boot: string): EventLog<T> {
  const ring: LoggedEvent<T>[] = []
  let last = 0
  // Any cursor at or after this one has every later event still in the ring.
  let completeFrom = 0
  const idOf = (seq: number) => `${boot}-${seq}`
  return {
    append(value) {
      last += 1
      const event = { seq: last, id: idOf(last), value }
      ring.push(event)
      if (ring.length > capacity) completeFrom = ring.shift()?.seq ?? completeFrom
      return event
    },
    cursor: () => idOf(last),
    since(id) {
      const match = /^(.+)-(\d{1,15})$/.exec(id)
      if (!match || match[1] !== boot) return null
      const seq = Number(match[2])
      if (seq < completeFrom || seq > last) return null
      return ring.filter((event) => event.seq > seq)
    },
    clear() {
      ring.length = 0
      completeFrom = last
    },
  }
}
