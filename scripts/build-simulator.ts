// The simulator as one plain JavaScript file, for the tests that start it as a process of its own, again and
// again (the crash test restarts it 51 times, the console's tests start one per file): plain node starts it in
// about half of tsx's time (350 against 750 ms on an idle machine, most of it CPU), with the same esbuild that
// tsx compiles with. Built once per test process, under node_modules so that its packages resolve from it, and
// removed when that process exits (or, when it was killed, by the next build).
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const DIR = join(ROOT, 'node_modules/.cache/built-simulator')

function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Builds left by processes that were killed before they could remove theirs. */
function removeLeftovers() {
  for (const name of existsSync(DIR) ? readdirSync(DIR) : []) {
    if (!running(Number.parseInt(name, 10))) rmSync(join(DIR, name), { force: true })
  }
}

let built: Promise<string> | null = null

/** The path of this process's build of server/simulator/index.ts, built on first use. */
export function builtSimulator(): Promise<string> {
  built ??= (async () => {
    removeLeftovers()
    const outfile = join(DIR, `${process.pid}.mjs`)
    process.once('exit', () => rmSync(outfile, { force: true }))
    await build({
      entryPoints: [join(ROOT, 'server/simulator/index.ts')],
      outfile,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    })
    return outfile
  })()
  return built
}
