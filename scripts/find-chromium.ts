// Finds a Chromium for Playwright: CHROMIUM_PATH, then Playwright's own
// download, then Debian's package. Says how to install one when none is found.
// The test suites prefer Debian's chromium-headless-shell (findTestChromium): the same engine without the
// browser's windowing layers, it ran the same 47 journeys in 4.3 min where chromium took 6.0 (2 workers).
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

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/**
 * The Chromium the Playwright suites run: CHROMIUM_PATH when set, else Debian's old headless shell when installed
 * (`.ci/run` installs it), else the full browser. What people see (Lighthouse, screenshots, bench:web) is measured
 * in the full browser, findChromium().
 */
export function findTestChromium(): string {
  if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL
  return findChromium()
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
