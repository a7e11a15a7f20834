import { describe, expect, it } from 'vitest'
import { describeChunk, sizeTable, sum } from './report'
import { testChunk } from './test-chunk'

describe('describeChunk', () => {
  it('says what the chunk is and what fills it', () => {
    const sizes = { 'node_modules/react-dom/index.js': 9, 'src/main.tsx': 1 }
    expect(describeChunk(testChunk('a.js', { isEntry: true, moduleSizes: sizes }))).toBe('entry: react-dom, app')
    expect(
      describeChunk(testChunk('b.js', { facade: 'src/routes/usage.tsx?tsr-split=component', moduleSizes: sizes })),
    ).toBe('src/routes/usage.tsx component: react-dom, app')
    expect(describeChunk(testChunk('c.js', { facade: 'node_modules/wavesurfer.js/dist/x.js' }))).toBe('lazy import: ')
    expect(describeChunk(testChunk('d.js'))).toBe('shared: ')
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
