// Which call ids the one shared stream asks for: every tab's, the most recently opened first, as
// many as one connection may watch. The ids left out stay polled by their pages.
import type { WatchedId } from './tab-messages'

/** The ids to stream, sorted (so two unions compare as strings), at most `max`. */
export function unionOfWatches(byTab: Iterable<readonly WatchedId[]>, max: number): string[] {
  const latest = new Map<string, number>()
  for (const ids of byTab)
    for (const { id, since } of ids) latest.set(id, Math.max(since, latest.get(id) ?? Number.NEGATIVE_INFINITY))
  return [...latest]
    .sort(([a, at], [b, bt]) => bt - at || a.localeCompare(b))
    .slice(0, max)
    .map(([id]) => id)
    .sort()
}

export const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, n) => id === b[n])

/** A stream that watches `next` may resume after one that watched `before` only when it asks for nothing new. */
export const canResume = (before: readonly string[], next: readonly string[]) => {
  const had = new Set(before)
  return next.every((id) => had.has(id))
}
