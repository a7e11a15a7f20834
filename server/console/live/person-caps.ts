// What one person holds of the hub: streams and ids watched, summed over their streams. Capped per
// person well below the hub's own caps, so one person's tabs or browsers (or a script of theirs)
// cannot use up the streams, the watched ids or a call's viewers that everyone shares.

export interface PersonLimits {
  /** Streams one person may hold at once. */
  streamsPerPerson: number
  /** Call ids one person may watch, summed over their streams. */
  watchesPerPerson: number
}

export type PersonRefusal = 'person-streams' | 'person-watches'

export interface PersonStreams {
  person: string
  streams: number
  watchedIds: number
}

interface Held {
  person: string
  watched: ReadonlySet<string>
}

/** Why this person may not open one more stream watching `ids`, or null when they may. */
export function personRefusal(
  held: Iterable<Held>,
  person: string,
  ids: number,
  limits: PersonLimits,
): PersonRefusal | null {
  let streams = 0
  let watched = 0
  for (const viewer of held)
    if (viewer.person === person) {
      streams += 1
      watched += viewer.watched.size
    }
  if (streams >= limits.streamsPerPerson) return 'person-streams'
  if (watched + ids > limits.watchesPerPerson) return 'person-watches'
  return null
}

/** Streams and watched ids by person, most streams first. */
export function streamsByPerson(held: Iterable<Held>): PersonStreams[] {
  const by = new Map<string, PersonStreams>()
  for (const viewer of held) {
    const entry = by.get(viewer.person) ?? { person: viewer.person, streams: 0, watchedIds: 0 }
    entry.streams += 1
    entry.watchedIds += viewer.watched.size
    by.set(viewer.person, entry)
  }
  return [...by.values()].sort((a, b) => b.streams - a.streams || a.person.localeCompare(b.person))
}
