import { describe, expect, it } from 'vitest'
import { HEAVY_LIBRARIES, heavyLibraryProblems } from './heavy-libraries'
import { testChunk } from './test-chunk'

// One chunk per heavy library, holding its package and its marker, as a good build has.
const libraryChunks = HEAVY_LIBRARIES.map(({ packageName, marker }) =>
  testChunk(`assets/${packageName}.js`, {
    moduleSizes: { [`node_modules/${packageName}/index.js`]: 1000 },
    code: `x("${marker}")`,
  }),
)
const entry = testChunk('assets/index.js', { isEntry: true, moduleSizes: { 'src/main.tsx': 10 } })
const cold = new Set(['assets/index.js'])

describe('heavyLibraryProblems', () => {
  it('finds none when every heavy library is off the cold path and marked', () => {
    expect(heavyLibraryProblems([entry, ...libraryChunks], cold)).toEqual([])
  })

  it('reports a heavy library the cold load downloads', () => {
    const withCharts = new Set([...cold, 'assets/recharts.js'])
    expect(heavyLibraryProblems([entry, ...libraryChunks], withCharts)).toEqual([
      'recharts is in assets/recharts.js, which the cold load downloads',
    ])
  })

  it('reports a heavy library that is in no chunk, so the list cannot go stale', () => {
    const [, ...rest] = libraryChunks
    expect(heavyLibraryProblems([entry, ...rest], cold)).toEqual(['recharts is in no chunk: update HEAVY_LIBRARIES'])
  })

  it('reports a marker that the minifier dropped or that other code also holds', () => {
    const [charts, ...rest] = libraryChunks
    if (!charts) throw new Error('no chunk for recharts')
    const unmarked = { ...charts, code: 'x()' }
    const impostor = { ...entry, code: 'className:"recharts-wrapper"' }
    expect(heavyLibraryProblems([impostor, unmarked, ...rest], cold)).toEqual([
      'no chunk of recharts holds its marker "recharts-wrapper"',
      'assets/index.js holds the marker "recharts-wrapper" without recharts',
    ])
  })
})
