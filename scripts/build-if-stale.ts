// Builds the dashboard into dist/ unless the build is newer than every file it is built from.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const INPUTS = [
  'src',
  'public',
  'index.html',
  'sign-in.html',
  'vite.config.ts',
  'tailwind.config.ts',
  'tsconfig.app.json',
  'package-lock.json',
]

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs)
}

/** When the dashboard in `dir` was built (0: never), and whether that is after every change to what it is built from. */
function buildAge(dir: string): { built: number; fresh: boolean } {
  const marker = join(dir, 'index.html')
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0
  return { built, fresh: built > Math.max(...INPUTS.map(newestMtime)) }
}

/** The dashboard in `dir` is newer than every file it is built from: it can be served as it is. */
export const builtAfterInputs = (dir: string): boolean => buildAge(dir).fresh

export function buildIfStale(): void {
  // A build named by DASHBOARD_DIST is someone else's to keep fresh (the browser tests bring theirs).
  if (process.env.DASHBOARD_DIST) return
  const { built, fresh } = buildAge('dist')
  if (fresh) return
  console.log(
    built ? 'The dashboard changed since the last build: building it…' : 'Building the dashboard (first start)…',
  )
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error('The dashboard build failed (see above).')
}
