import { describe, expect, it } from 'vitest'
import { storesLine } from './stores-line'

describe('storesLine', () => {
  it('gives CPU with two decimals, the ratio PostgreSQL over SQLite with two, and p99 with one', () => {
    expect(storesLine({ cpuPerReadMs: 0.1834, p99Ms: 212.46 }, { cpuPerReadMs: 0.1221, p99Ms: 48.04 })).toBe(
      'stores: cpu per read postgres 0.18 ms, sqlite 0.12 ms (1.50x); p99 postgres 212.5 ms, sqlite 48.0 ms',
    )
  })

  it('says n/a for the ratio when SQLite spent no measurable CPU', () => {
    expect(storesLine({ cpuPerReadMs: 1, p99Ms: 3 }, { cpuPerReadMs: 0, p99Ms: 2 })).toBe(
      'stores: cpu per read postgres 1.00 ms, sqlite 0.00 ms (n/a); p99 postgres 3.0 ms, sqlite 2.0 ms',
    )
  })
})
