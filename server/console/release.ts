// This build's release, for /metrics (console_build_info) and the start line. Read from package.json beside the
// repo: this file sits as deep as build/console/index.mjs does (scripts/build-server.ts), so one path holds in both.
import { readFileSync } from 'node:fs'

function readVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown
    }
    return typeof manifest.version === 'string' ? manifest.version : 'unknown'
  } catch {
    return 'unknown'
  }
}

export const RELEASE = { version: readVersion(), node: process.versions.node }
