// npm run bench:do-not-call [-- --numbers 1000000 --lookups 20000 --store both]
// The do-not-call check every placement makes (store/do-not-call.ts find), on a list of --numbers, against a floor
// measured in the same run and in turns: a primary-key probe of the users table, which holds one row. The list is
// keyed by the number, so the ratio should stay near 1 however long it grows. Target (issue 52): under 1 ms.
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type ConsoleStore, openStore } from '../server/console/store'
import type { DoNotCallRow } from '../server/console/store/do-not-call'
import { integerOption } from './integer-option'
import { machine } from './machine'
import { type BenchPostgres, startBenchPostgres } from './stores/bench-postgres'
import { type SideBySideRow, type StoreLoads, sideBySide, withLoads } from './stores/side-by-side'
import { type BenchStore, STORE_NAMES, storeOption } from './stores/store-option'

const { values } = parseArgs({
  options: {
    numbers: { type: 'string', default: '1000000' },
    lookups: { type: 'string', default: '20000' },
    store: { type: 'string' },
  },
})
const numbers = integerOption('numbers', values.numbers, 1_000, 5_000_000)
const lookups = integerOption('lookups', values.lookups, 100, 1_000_000)
const stores = storeOption(values.store, (line) => console.error(line))
// Lookups per turn: the floor and the check alternate, so a busy moment of the machine slows both alike.
const TURN = 100
const FILL_CHUNK = 10_000

// Distinct numbers spread over the key space (a stride coprime with 10^7), so a lookup is no neighbour of the last.
const numberAt = (i: number) => `+1${String(2_000_000_000 + ((i * 7_919_993) % 7_999_999_999)).padStart(10, '0')}`

async function fill(store: ConsoleStore) {
  for (let start = 0; start < numbers; start += FILL_CHUNK) {
    const rows: DoNotCallRow[] = []
    for (let i = start; i < Math.min(numbers, start + FILL_CHUNK); i++)
      rows.push({
        phoneNumber: numberAt(i),
        reason: 'bench',
        source: 'import',
        addedById: null,
        addedByEmail: 'bench@example.com',
        addedAt: 0,
      })
    await store.doNotCall.addMany(rows)
  }
}

interface Figures {
  fillSeconds: number
  check: number[]
  floor: number[]
}

async function runOn(location: string): Promise<Figures> {
  const store = await openStore(location)
  try {
    const started = performance.now()
    await fill(store)
    const fillSeconds = (performance.now() - started) / 1000
    const user = await store.users.add({ email: 'bench@example.com', role: 'admin', passwordHash: '!', now: 0 })
    const floorProbe = (id: string) => store.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()
    const check: number[] = []
    const floor: number[] = []
    let listed = 0
    for (let done = 0; done < lookups; done += TURN) {
      for (let i = 0; i < TURN; i++) {
        const at = performance.now()
        await floorProbe(user.id)
        floor.push(performance.now() - at)
      }
      for (let i = 0; i < TURN; i++) {
        // Half listed numbers, half not (+44, never listed here): a placement usually asks about a number not listed.
        const n = done + i
        const number = n % 2 === 0 ? numberAt((n * 104_729) % numbers) : `+4479${String(n).padStart(8, '0')}`
        const at = performance.now()
        if (await store.doNotCall.find(number)) listed++
        check.push(performance.now() - at)
      }
    }
    if (listed !== Math.ceil(lookups / 2)) throw new Error(`expected ${Math.ceil(lookups / 2)} listed, found ${listed}`)
    return { fillSeconds, check: check.sort((a, b) => a - b), floor: floor.sort((a, b) => a - b) }
  } finally {
    await store.close()
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
const ms = (value: number) => value.toFixed(3)

function rows(results: Partial<Record<BenchStore, Figures>>): SideBySideRow[] {
  const value = (pick: (figures: Figures) => string) =>
    Object.fromEntries(
      Object.entries(results).map(([store, figures]) => [store, figures ? pick(figures) : 'n/a']),
    ) as SideBySideRow['values']
  return [
    { figure: `filling ${numbers.toLocaleString('en-US')} numbers, s`, values: value((f) => f.fillSeconds.toFixed(1)) },
    {
      figure: 'do-not-call check, p50 / p95 ms',
      values: value((f) => `${ms(percentile(f.check, 50))} / ${ms(percentile(f.check, 95))}`),
      target: 'p95 < 1 ms',
    },
    {
      figure: 'floor (primary-key probe of a one-row table), p50 / p95 ms',
      values: value((f) => `${ms(percentile(f.floor, 50))} / ${ms(percentile(f.floor, 95))}`),
    },
    { figure: 'check ÷ floor (means)', values: value((f) => (mean(f.check) / mean(f.floor)).toFixed(2)) },
  ]
}

async function main() {
  const loadBefore = loadavg()[0] ?? 0
  const dir = mkdtempSync(join(tmpdir(), 'dnc-bench-'))
  let postgres: BenchPostgres | null = null
  try {
    const results: Partial<Record<BenchStore, Figures>> = {}
    const loads: Partial<Record<BenchStore, StoreLoads>> = {}
    for (const store of stores) {
      console.error(`${STORE_NAMES[store]}: filling ${numbers} numbers, then ${lookups} lookups and as many floors`)
      if (store === 'postgres') postgres = await startBenchPostgres()
      const location = postgres && store === 'postgres' ? await postgres.createDatabase('dnc') : join(dir, 'dnc.sqlite')
      results[store] = await withLoads(loads, store, () => runOn(location))
    }
    console.log(machine(loadBefore))
    console.log('')
    console.log(
      sideBySide(`Do-not-call check at ${numbers.toLocaleString('en-US')} numbers`, stores, rows(results), loads),
    )
  } finally {
    postgres?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
