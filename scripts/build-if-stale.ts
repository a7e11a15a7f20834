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
const BUILD_MARKER = 'dist/index.html'

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs)
}

export function buildIfStale(): void {
  // A build named by DASHBOARD_DIST is someone else's to keep fresh (the browser tests bring theirs).
  if (process.env.DASHBOARD_DIST) return
  const built = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0
  const newest = Math.max(...INPUTS.map(newestMtime))
  if (built > newest) return
  console.log(
    built ? 'The dashboard changed since the last build: building it…' : 'Building the dashboard (first start)…',
  )
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error('The dashboard build failed (see above).')
}
