// A Map that keeps at most `max` entries, the most recently used: reading or writing an entry makes it the
// newest, and past `max` the oldest goes. A Map iterates in insertion order, so the oldest is always its first.

interface LruCache<K, V> {
  /** The value, now the newest entry; undefined when not kept. */
  get(key: K): V | undefined
  /** Whether it is kept, without making it the newest. */
  has(key: K): boolean
  /** The value, without making it the newest (a cache of entries that lapse by age goes oldest-written first). */
  peek(key: K): V | undefined
  set(key: K, value: V): void
  delete(key: K): void
  clear(): void
  /** Oldest first. */
  keys(): IterableIterator<K>
  readonly size: number
}

export function createLruCache<K, V>(max: number): LruCache<K, V> {
  if (!Number.isInteger(max) || max < 1) throw new Error(`an LRU cache keeps at least one entry (max: ${max})`)
  const entries = new Map<K, V>()
  return {
    get(key) {
      const value = entries.get(key)
      // A kept undefined is still an entry: the second lookup runs only then.
      if (value === undefined && !entries.has(key)) return undefined
      entries.delete(key)
      entries.set(key, value as V)
      return value
    },
    has: (key) => entries.has(key),
    peek: (key) => entries.get(key),
    set(key, value) {
      entries.delete(key)
      entries.set(key, value)
      if (entries.size > max) entries.delete(entries.keys().next().value as K)
    },
    delete: (key) => {
      entries.delete(key)
    },
    clear: () => entries.clear(),
    keys: () => entries.keys(),
    get size() {
      return entries.size
    },
  }
}
