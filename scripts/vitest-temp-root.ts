// Vitest's global setup for every project: one temporary folder for the run, which the tests' own temporary folders
// (and the servers they start) make theirs inside through TMPDIR, removed at the end. A run makes hundreds (a
// stand-in dashboard for each console, a file for each SQLite store): run after run they filled /tmp by thousands.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export default function setup() {
  // Each project runs its global setup: the first makes the folder, the others find it.
  if (process.env.VITEST_TEMP_ROOT) return
  const root = mkdtempSync(join(tmpdir(), 'vitest-run-'))
  // Open to other users as /tmp is: the PostgreSQL suite's cluster runs as the postgres user inside it.
  chmodSync(root, 0o755)
  process.env.VITEST_TEMP_ROOT = root
  process.env.TMPDIR = root
  return () => rmSync(root, { recursive: true, force: true })
}
