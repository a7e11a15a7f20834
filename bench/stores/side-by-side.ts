// The table every store-measuring bench ends with: one row a figure, one column a store, so the README can
// show both side by side. The load average at the start and end of each store's part goes under it: the
// machine is shared, and a figure taken while it was busy must say so.
import { loadavg } from 'node:os'
import { type BenchStore, STORE_NAMES } from './store-option'

export interface SideBySideRow {
  figure: string
  values: Partial<Record<BenchStore, string>>
  /** What the figure should be, if the issue sets a target; with its verdict per store in the values. */
  target?: string
}

export interface StoreLoads {
  start: number
  end: number
}

const loadNow = () => loadavg()[0] ?? 0

/** Runs one store's part, noting the 1-minute load average before and after it. */
export async function withLoads<T>(
  loads: Partial<Record<BenchStore, StoreLoads>>,
  store: BenchStore,
  work: () => Promise<T>,
): Promise<T> {
  const start = loadNow()
  try {
    return await work()
  } finally {
    loads[store] = { start, end: loadNow() }
  }
}

export function sideBySide(
  title: string,
  stores: BenchStore[],
  rows: SideBySideRow[],
  loads: Partial<Record<BenchStore, StoreLoads>>,
): string {
  const withTarget = rows.some((row) => row.target !== undefined)
  const header = ['figure', ...stores.map((store) => STORE_NAMES[store]), ...(withTarget ? ['target'] : [])]
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  const loadLine = stores
    .map((store) => {
      const load = loads[store]
      return load ? `${STORE_NAMES[store]} ${load.start.toFixed(1)} → ${load.end.toFixed(1)}` : null
    })
    .filter((text) => text !== null)
    .join(', ')
  const busy = stores.some((store) => Math.max(loads[store]?.start ?? 0, loads[store]?.end ?? 0) > 4)
  return [
    `### ${title}: both stores`,
    '',
    line(header),
    line(header.map((_, index) => (index === 0 || (withTarget && index === header.length - 1) ? '---' : '---:'))),
    ...rows.map((row) =>
      line([
        row.figure,
        ...stores.map((store) => row.values[store] ?? 'n/a'),
        ...(withTarget ? [row.target ?? ''] : []),
      ]),
    ),
    '',
    `Load average (1 min) at the start → end of each store's part: ${loadLine}${busy ? ' (above 4: the machine was busy, the figures are slower than on an idle one)' : ''}.`,
  ].join('\n')
}
