import { describe, expect, it } from 'vitest'
import { coldLoadProblems, HEAVY_LIBRARIES, heavyLibraryProblems } from './heavy-libraries'
import { testChunk } from './test-chunk'

// One chunk per heavy library, holding its package and its marker, as a good build has.
const libraryChunks = HEAVY_LIBRARIES.map(({ packageName, marker }) =>
  testChunk(`assets/${packageName}.js`, {
    moduleSizes: { [`node_modules/${packageName}/index.js`]: 1000 },
    code: `x("${marker}")`,
  }),
)
const entry = testChunk('assets/index.js', { isEntry: true, moduleSizes: { 'src/main.tsx': 10 } })
const chunkOf = (packageName: string) => libraryChunks.find((chunk) => chunk.file === `assets/${packageName}.js`)

describe('coldLoadProblems', () => {
  it('finds none when no heavy library is in the cold set', () => {
    expect(coldLoadProblems('/calls', [entry])).toEqual([])
  })

  it('reports each heavy library the cold load of a page downloads', () => {
    const charts = chunkOf('recharts')
    if (!charts) throw new Error('no chunk for recharts')
    expect(coldLoadProblems('/calls', [entry, charts])).toEqual([
      'recharts is in assets/recharts.js, which a cold load of /calls downloads',
    ])
  })

  it('checks only the libraries it is given', () => {
    const charts = chunkOf('recharts')
    if (!charts) throw new Error('no chunk for recharts')
    const others = HEAVY_LIBRARIES.filter(({ packageName }) => packageName !== 'recharts')
    expect(coldLoadProblems('/usage', [entry, charts], others)).toEqual([])
  })
})

describe('heavyLibraryProblems', () => {
  it('finds none when every heavy library is in a chunk that holds its marker', () => {
    expect(heavyLibraryProblems([entry, ...libraryChunks])).toEqual([])
  })

  it('reports a heavy library that is in no chunk, so the list cannot go stale', () => {
    const [, ...rest] = libraryChunks
    expect(heavyLibraryProblems([entry, ...rest])).toEqual(['recharts is in no chunk: update HEAVY_LIBRARIES'])
  })

  it('reports a marker that the minifier dropped or that other code also holds', () => {
    const [charts, ...rest] = libraryChunks
    if (!charts) throw new Error('no chunk for recharts')
    const unmarked = { ...charts, code: 'x()' }
    const impostor = { ...entry, code: 'className:"recharts-wrapper"' }
    expect(heavyLibraryProblems([impostor, unmarked, ...rest])).toEqual([
      'no chunk of recharts holds its marker "recharts-wrapper"',
      'assets/index.js holds the marker "recharts-wrapper" without recharts',
    ])
  })
})
