// A dashboard build's stand-in, for the console's tests and benches that serve no real page.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A built dashboard in miniature: index.html, the sign-in document and two hashed assets. It is made in `parent`,
 * which whoever owns that folder removes (a Vitest run's TMPDIR is removed by scripts/vitest-temp-root.ts).
 */
export function makeDist(parent = tmpdir()): string {
  const dist = mkdtempSync(join(parent, 'console-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
  writeFileSync(join(dist, 'sign-in.html'), '<!doctype html><title>Sign in</title><div id="root"></div>')
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
  writeFileSync(join(dist, 'assets', 'big-abc123.js'), `export const words = ${JSON.stringify('call '.repeat(2000))}`)
  return dist
}
