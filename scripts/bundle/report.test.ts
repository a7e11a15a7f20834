import { describe, expect, it } from 'vitest'
import { coldTotalLine, describeChunk, sizeTable, sum } from './report'
import { testChunk } from './test-chunk'

describe('describeChunk', () => {
  it('says what the chunk is and what fills it', () => {
    const sizes = { 'node_modules/react-dom/index.js': 9, 'src/main.tsx': 1 }
    expect(describeChunk(testChunk('a.js', { isEntry: true, moduleSizes: sizes }))).toBe('entry: react-dom, app')
    expect(
      describeChunk(testChunk('b.js', { facade: 'src/routes/usage.tsx?tsr-split=component', moduleSizes: sizes })),
    ).toBe('src/routes/usage.tsx component: react-dom, app')
    expect(describeChunk(testChunk('c.js', { facade: 'node_modules/wavesurfer.js/dist/x.js' }))).toBe(
      'lazy import node_modules/wavesurfer.js/dist/x.js: ',
    )
    expect(describeChunk(testChunk('d.js'))).toBe('shared: ')
  })

  it('names a shared chunk by its largest module, as its file is named by its hash alone', () => {
    const sizes = { 'src/lib/format.ts': 120, 'src/lib/time.ts': 900, 'node_modules/clsx/dist/clsx.mjs': 300 }
    expect(describeChunk(testChunk('Dt06EVAc.js', { moduleSizes: sizes }))).toBe('shared src/lib/time.ts: app, clsx')
  })
})

describe('sizeTable', () => {
  const rows = [
    { file: 'assets/index.js', contents: 'entry: react-dom', rawBytes: 255_740, gzipBytes: 80_270 },
    { file: 'assets/a.js', contents: 'shared: app', rawBytes: 140, gzipBytes: 140 },
  ]

  it('prints kilobytes of 1,000 bytes in aligned columns', () => {
    expect(sizeTable(rows).split('\n')).toEqual([
      'chunk            contents          raw KB  gzip KB',
      'assets/index.js  entry: react-dom   255.7     80.3',
      'assets/a.js      shared: app          0.1      0.1',
    ])
    expect(sum(rows, 'gzipBytes')).toBe(80_410)
  })
})

describe('coldTotalLine', () => {
  const rows = [
    { file: 'a.js', contents: '', rawBytes: 300_000, gzipBytes: 100_000 },
    { file: 'b.js', contents: '', rawBytes: 100_000, gzipBytes: 50_000 },
  ]

  it('prints the goal beside the budget, with how far off it is', () => {
    expect(coldTotalLine(rows, { limitBytes: 160_000, goalBytes: 140_000 })).toBe(
      'Total: 400.0 KB raw, 150.0 KB gzip in 2 files: budget 160.0 KB (94%, met); goal 140.0 KB (not yet met, 10.0 KB over)',
    )
    expect(coldTotalLine(rows, { limitBytes: 140_000, goalBytes: 150_000 })).toBe(
      'Total: 400.0 KB raw, 150.0 KB gzip in 2 files: budget 140.0 KB (107%, OVER); goal 150.0 KB (met)',
    )
  })

  it('leaves the goal out for a page that has none', () => {
    expect(coldTotalLine(rows, { limitBytes: 151_000 })).toBe(
      'Total: 400.0 KB raw, 150.0 KB gzip in 2 files: budget 151.0 KB (99%, met)',
    )
  })
})
