// Which release is running: package.json's version, and the git commit `npm run build` was made from. The build
// writes both in (scripts/build-server.ts), so a bundle copied anywhere still knows them; from source (tsx) the
// version is read from package.json (this file sits as deep as build/console/index.mjs does, so one path holds in
// both), and there is no commit to name. Named in the start line and in /metrics (console_build_info).
import { readFileSync } from 'node:fs'

declare const __CONSOLE_VERSION__: string | undefined
declare const __CONSOLE_COMMIT__: string | undefined

/** e.g. `0.1.0 (3f2a9c1)`, or `0.1.0` from source or a build made outside git. */
export function releaseName(): string {
  const built = typeof __CONSOLE_VERSION__ === 'string'
  const version = built ? __CONSOLE_VERSION__ : packageVersion()
  const commit = built && typeof __CONSOLE_COMMIT__ === 'string' ? __CONSOLE_COMMIT__ : ''
  return commit ? `${version} (${commit})` : version
}

/** Two folders up from server/console/, as from build/console/; 'unknown' when package.json cannot be read. */
export function packageVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown
    }
    return typeof manifest.version === 'string' ? manifest.version : 'unknown'
  } catch {
    return 'unknown'
  }
}

export const RELEASE = { version: releaseName(), node: process.versions.node }
