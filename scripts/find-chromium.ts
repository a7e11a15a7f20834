// Finds a Chromium for Playwright: CHROMIUM_PATH, then Playwright's own
// download, then Debian's package. Says how to install one when none is found.
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file is there.`)
  }
  let bundled: string | undefined
  try {
    bundled = chromium.executablePath()
  } catch {
    bundled = undefined
  }
  for (const candidate of [bundled, ...SYSTEM_PATHS]) {
    if (candidate && existsSync(candidate)) return candidate
  }
  throw new Error(
    [
      'No Chromium found for the browser tests. Install one of:',
      '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium',
      "  Playwright's:   npx playwright install chromium",
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    ].join('\n'),
  )
}

/** Flags for a root user in a sandbox with no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]
