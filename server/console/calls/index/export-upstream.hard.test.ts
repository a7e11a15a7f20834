// The export at 100,000 calls (about 40 s, most of it the sync's backfill): the same ids as the API's list,
// and memory that does not grow with the rows. The benchmark (bench/) measures a million.
import { expect, it } from 'vitest'
import { exportAgainstUpstream } from '../../test-support/export-against-upstream'

it('exports the same 100,000 call ids, in the same order, as the API lists, in flat memory', async () => {
  const result = await exportAgainstUpstream(100_000)
  expect(result).toMatchObject({ listed: 100_000, exported: 100_000, mismatch: null, totalHeader: '100000' })
  // Rows held anywhere would cost at least their CSV (about 15 MB here); measured growth: under 1 MB.
  expect(result.memoryGrowth).toBeLessThan(result.bytes / 4)
  const rowsPerSecond = Math.round(result.exported / (result.exportMs / 1000))
  const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1)
  console.info(
    `export of 100,000 calls: ${result.exportMs.toFixed(0)} ms (${rowsPerSecond} rows/s), ${megabytes(result.bytes)} MB,` +
      ` live memory +${megabytes(result.memoryGrowth)} MB;`,
    result.timings,
  )
})
