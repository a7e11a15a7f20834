// The last line of bench:cluster when it ran on both stores: the two figures the issue compares, PostgreSQL's CPU
// per read against SQLite's as a ratio, and both p99s, in one line a reader (or a script) finds at the end.

export interface StoreFigures {
  /** Console CPU per status read, all instances together, in ms. */
  cpuPerReadMs: number
  p99Ms: number
}

/** `stores: cpu per read postgres X ms, sqlite Y ms (R.RRx); p99 postgres A ms, sqlite B ms`. */
export function storesLine(postgres: StoreFigures, sqlite: StoreFigures): string {
  const ratio = sqlite.cpuPerReadMs > 0 ? `${(postgres.cpuPerReadMs / sqlite.cpuPerReadMs).toFixed(2)}x` : 'n/a'
  // CPU per read is a fraction of a millisecond on either store: two decimals; latencies need one.
  return (
    `stores: cpu per read postgres ${postgres.cpuPerReadMs.toFixed(2)} ms, sqlite ${sqlite.cpuPerReadMs.toFixed(2)} ms ` +
    `(${ratio}); p99 postgres ${postgres.p99Ms.toFixed(1)} ms, sqlite ${sqlite.p99Ms.toFixed(1)} ms`
  )
}
