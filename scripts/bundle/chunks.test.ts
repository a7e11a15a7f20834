import { describe, expect, it } from 'vitest'
import { coldLoadChunks, isRenderSplitOf, mainPackages, packageOf } from './chunks'
import { testChunk } from './test-chunk'

const CALLS = ['src/routes/__root.tsx', 'src/routes/calls/index.tsx']

describe('isRenderSplitOf', () => {
  it('counts the component split of a route that renders the page', () => {
    expect(isRenderSplitOf('src/routes/calls/index.tsx?tsr-split=component', CALLS)).toBe(true)
    expect(isRenderSplitOf('src/routes/calls/index.tsx?tsr-split=component---pendingComponent', CALLS)).toBe(true)
  })

  it('leaves out splits shown only on failure, other routes and plain modules', () => {
    expect(isRenderSplitOf('src/routes/calls/index.tsx?tsr-split=errorComponent', CALLS)).toBe(false)
    expect(isRenderSplitOf('src/routes/calls/index.tsx?tsr-split=errorComponent---notFoundComponent', CALLS)).toBe(
      false,
    )
    expect(isRenderSplitOf('src/routes/usage.tsx?tsr-split=component', CALLS)).toBe(false)
    expect(isRenderSplitOf('src/routes/calls/index.tsx', CALLS)).toBe(false)
    expect(isRenderSplitOf(null, CALLS)).toBe(false)
  })
})

describe('coldLoadChunks', () => {
  const graph = [
    testChunk('assets/index.js', { isEntry: true, imports: ['assets/react.js', 'assets/router.js'] }),
    testChunk('assets/react.js'),
    testChunk('assets/router.js', { imports: ['assets/react.js'] }),
    testChunk('assets/calls.js', {
      facade: 'src/routes/calls/index.tsx?tsr-split=component',
      imports: ['assets/index.js', 'assets/table.js'],
    }),
    testChunk('assets/table.js', { imports: ['assets/react.js'] }),
    testChunk('assets/calls-error.js', { facade: 'src/routes/calls/index.tsx?tsr-split=errorComponent' }),
    testChunk('assets/usage.js', { facade: 'src/routes/usage.tsx?tsr-split=component', imports: ['assets/charts.js'] }),
    testChunk('assets/charts.js'),
  ]

  it('takes the entry, the route chunks and their static imports, each once, entry first', () => {
    expect(coldLoadChunks(graph, CALLS).map((chunk) => chunk.file)).toEqual([
      'assets/index.js',
      'assets/calls.js',
      'assets/react.js',
      'assets/router.js',
      'assets/table.js',
    ])
  })

  it('leaves out other pages and what they alone import', () => {
    const files = coldLoadChunks(graph, ['src/routes/usage.tsx']).map((chunk) => chunk.file)
    expect(files).toContain('assets/charts.js')
    expect(files).not.toContain('assets/table.js')
  })

  it('refuses an import that is not in the build', () => {
    const broken = [testChunk('assets/index.js', { isEntry: true, imports: ['assets/gone.js'] })]
    expect(() => coldLoadChunks(broken, CALLS)).toThrow(/gone\.js/)
  })
})

describe('packageOf and mainPackages', () => {
  it('names the npm package, scoped or not, the bundler runtime, or the app', () => {
    expect(packageOf('node_modules/react-dom/cjs/react-dom.production.js')).toBe('react-dom')
    expect(packageOf('node_modules/@tanstack/query-core/build/modern/index.js')).toBe('@tanstack/query-core')
    expect(packageOf('node_modules/.pnpm/zod@4/node_modules/zod/index.js')).toBe('zod')
    expect(packageOf('\0vite/preload-helper.js')).toBe('vite')
    expect(packageOf('src/features/calls/list/calls-table.tsx')).toBe('app')
  })

  it('lists the largest packages of a chunk first, summing their modules', () => {
    const chunk = testChunk('assets/index.js', {
      moduleSizes: {
        'node_modules/react-dom/a.js': 50,
        'src/a.tsx': 30,
        'src/b.tsx': 30,
        'node_modules/zod/index.js': 40,
        'node_modules/clsx/index.js': 0,
      },
    })
    expect(mainPackages(chunk)).toEqual(['app', 'react-dom', 'zod'])
    expect(mainPackages(chunk, 1)).toEqual(['app'])
  })
})
