// The console server as plain JavaScript (`npm run build` runs this after the dashboard's build), so that
// production (`npm run serve`) starts with `node` alone: no TypeScript compiled at every start, and the memory
// tsx's compiler holds is not paid. esbuild because tsx already runs on it (one compiler for dev and build).
// Packages stay in node_modules (native ones cannot be bundled); our own code, the shared contract with it,
// becomes one file per entry. build/console/ is as deep as server/console/, so paths the code resolves from
// its own file (`../../dist`, the reader worker beside it) hold in both.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BuildOptions, build } from 'esbuild'
import { packageVersion } from '../server/console/release'
import { oneByteSource } from './one-byte-source'

export const SERVER_BUILD_DIR = 'build/console'

/** How our servers are bundled for node: our code in one file, packages left to node_modules. */
export const NODE_BUNDLE = {
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
} as const satisfies BuildOptions

const ENTRIES = {
  /** `npm run serve` */
  index: 'server/console/index.ts',
  /** `npm run console -- …` in production */
  cli: 'server/console/cli.ts',
}

// A worker thread's file is loaded by path, not imported: it sits beside the bundle that starts it.
const BESIDE = ['server/console/store/sqlite/readers/query-worker.mjs']

export async function buildServer(outdir = SERVER_BUILD_DIR): Promise<void> {
  const { outputFiles } = await build({
    entryPoints: ENTRIES,
    outdir,
    outExtension: { '.js': '.mjs' },
    ...NODE_BUNDLE,
    // What is imported only when needed (the PostgreSQL driver) stays out of the start: its own chunk.
    splitting: true,
    // Chunks sit beside the entries: code that resolves paths from its own file finds the same ones.
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    // The start line names the release: package.json's version and this commit (server/console/release.ts).
    define: { __CONSOLE_VERSION__: JSON.stringify(packageVersion()), __CONSOLE_COMMIT__: JSON.stringify(gitCommit()) },
    write: false,
  })
  mkdirSync(outdir, { recursive: true })
  const files = [
    ...outputFiles.map((file) => ({ path: file.path, text: file.text })),
    ...BESIDE.map((file) => ({ path: join(outdir, basename(file)), text: readFileSync(file, 'utf8') })),
  ]
  // The entries last: an entry that names a new chunk is in place only once that chunk is.
  const entries = new Set(Object.keys(ENTRIES).map((name) => resolve(outdir, `${name}.mjs`)))
  const ordered = [...files.filter(({ path }) => !entries.has(path)), ...files.filter(({ path }) => entries.has(path))]
  for (const { path, text } of ordered) replaceFile(path, path.endsWith('.mjs') ? oneByteSource(text, path) : text)
}

/** The commit being built, or '' outside a git checkout (a tarball's build names its version alone). */
function gitCommit(): string {
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' })
  return git.status === 0 ? git.stdout.trim() : ''
}

/**
 * Written beside and renamed over it: a console already running from this folder (the e2e suite's, while the
 * cluster journey or a benchmark builds again) that loads a file now (a chunk, a new reader worker) reads the old
 * file or the new one, never half of one.
 */
function replaceFile(path: string, text: string) {
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, text)
  renameSync(temporary, path)
}

// Run as a script (npm run build), not when a test imports it.
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer()
