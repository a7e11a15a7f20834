// `npm run test:size -- --why`: what fills a cold load, by package and by module.
// Each module's rendered code is minified and gzipped apart from the rest of its chunk, so the figures rank
// what to look at; they add up to more than the chunks (gzip shares a dictionary across a whole file).
import { gzipSync } from 'node:zlib'
import { minifySync } from 'vite'
import { type BuiltChunk, packageOf } from './chunks'
import { type SizeRow, sizeTable } from './report'

interface MinifiedModule {
  id: string
  packageName: string
  code: string
}

function minifiedModules(chunks: readonly BuiltChunk[]): MinifiedModule[] {
  return chunks.flatMap((chunk) =>
    Object.entries(chunk.moduleCode ?? {}).map(([id, code]) => ({
      id,
      packageName: packageOf(id),
      // Not compressed: alone, a module's exports would look unused to the compressor.
      code: minifySync(id, code, { compress: false }).code,
    })),
  )
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

function sizeRow(name: string, contents: string, code: string): SizeRow {
  const bytes = Buffer.from(code)
  return { file: name, contents, rawBytes: bytes.length, gzipBytes: gzipSync(bytes).length }
}

/** Packages largest first (each one's modules gzipped together), then the `top` largest modules. */
export function whyTables(chunks: readonly BuiltChunk[], top = 30): string {
  const modules = minifiedModules(chunks)
  const byPackage = new Map<string, MinifiedModule[]>()
  for (const module of modules)
    byPackage.set(module.packageName, [...(byPackage.get(module.packageName) ?? []), module])
  const packageRows = [...byPackage].map(([name, members]) =>
    sizeRow(name, plural(members.length, 'module'), members.map((member) => member.code).join('\n')),
  )
  // A package's modules by their path inside node_modules, wherever that is (worktrees link one).
  const moduleRows = modules.map((module) =>
    sizeRow(module.id.replace(/^.*node_modules\//, ''), module.packageName, module.code),
  )
  const largestFirst = (rows: SizeRow[]) => rows.sort((a, b) => b.gzipBytes - a.gzipBytes)
  return [
    sizeTable(largestFirst(packageRows), 'package'),
    '',
    sizeTable(largestFirst(moduleRows).slice(0, top), `largest ${top} modules`),
  ].join('\n')
}
