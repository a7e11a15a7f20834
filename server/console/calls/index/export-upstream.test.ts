// The export of an index the real sync filled: the same calls as every page of the voice API's own list,
// in the same order. 5,000 calls here; 100,000, with memory, in export-upstream.hard.test.ts.
import { expect, it } from 'vitest'
import { exportAgainstUpstream } from '../../test-support/export-against-upstream'

it('exports the same 5,000 call ids, in the same order, as the API lists', async () => {
  const result = await exportAgainstUpstream(5_000)
  expect(result).toMatchObject({ listed: 5_000, exported: 5_000, mismatch: null, totalHeader: '5000' })
}, 180_000)
