// The built chunk graph, reduced to what the bundle budget needs: which chunks a
// browser downloads to render a route on a cold load, and what is inside each one.

export interface BuiltChunk {
  /** Path inside dist/, e.g. assets/index-3_ApTqFR.js. */
  file: string
  isEntry: boolean
  /** The module the chunk stands for, relative to the project (src/routes/usage.tsx?tsr-split=component). */
  facade: string | null
  /** Files of the chunks it imports statically: the browser fetches (and Vite modulepreloads) them with it. */
  imports: string[]
  /** Bytes each module contributes to the minified chunk, by module id relative to the project. */
  moduleSizes: Record<string, number>
  /** Each module's rendered code, before minification; kept only for `--why`. */
  moduleCode?: Record<string, string>
  code: string
}

// TanStack Router fetches these split chunks only when a route fails, never to render it.
const FAILURE_ONLY_SPLITS = new Set(['errorComponent', 'notFoundComponent'])

/** True for a chunk TanStack Router's autoCodeSplitting made from one of routeFiles and needs for rendering. */
export function isRenderSplitOf(facade: string | null, routeFiles: readonly string[]): boolean {
  if (!facade) return false
  const [path = '', query = ''] = facade.split('?')
  const split = new URLSearchParams(query).get('tsr-split')
  if (!split || !routeFiles.includes(path)) return false
  return split.split('---').some((grouping) => !FAILURE_ONLY_SPLITS.has(grouping))
}

/**
 * The chunks a cold load of a page downloads: the entry, the split chunks of the
 * routes that render the page, and everything those import statically, once each,
 * entry first.
 */
export function coldLoadChunks(chunks: readonly BuiltChunk[], routeFiles: readonly string[]): BuiltChunk[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]))
  const starts = chunks.filter((chunk) => chunk.isEntry || isRenderSplitOf(chunk.facade, routeFiles))
  const seen = new Set<string>()
  const queue = starts.map((chunk) => chunk.file)
  const result: BuiltChunk[] = []
  // Each file enters the result once, so the loop ends after at most chunks.length steps that add.
  while (queue.length > 0) {
    const file = queue.shift() as string
    if (seen.has(file)) continue
    seen.add(file)
    const chunk = byFile.get(file)
    if (!chunk) throw new Error(`${file} is imported but is not in the build output`)
    result.push(chunk)
    queue.push(...chunk.imports)
  }
  return result
}

/** The npm package a module id belongs to, "vite" for its virtual helpers, or "app" for the project's own code. */
export function packageOf(moduleId: string): string {
  if (moduleId.startsWith('\0')) return 'vite'
  // The last node_modules folder names the package, also in nested or pnpm layouts.
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId)
  return match?.[1] ?? 'app'
}

/** The packages that make up most of a chunk, largest first. */
export function mainPackages(chunk: BuiltChunk, count = 3): string[] {
  const sizes = new Map<string, number>()
  for (const [id, size] of Object.entries(chunk.moduleSizes)) {
    const name = packageOf(id)
    sizes.set(name, (sizes.get(name) ?? 0) + size)
  }
  return [...sizes.entries()]
    .filter(([, size]) => size > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name]) => name)
}
