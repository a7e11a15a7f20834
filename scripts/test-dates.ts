// Runs the suites that read "now" at the instants where a calendar turns: a month's first minutes (and a year's),
// a month's last, a leap day, and both daylight-saving changes in a zone that has them. Each run moves the whole
// process tree's wall clock with libfaketime (Debian's `faketime`): the tests, the simulator and console they
// start, and PostgreSQL all read the same shifted time, while monotonic clocks (timers, timeouts) stay real.
// A test that passes today and fails on one of these instants reads today's date instead of a clock it was given.
//
//   npm run test:dates                 the date-sensitive suites at every instant
//   npm run test:dates -- --all        every unit suite (finds new date-sensitive ones; takes several times longer)
//   npm run test:dates -- --at 2027-03-14T06:59:30Z --tz America/New_York [files…]
//   npm run test:dates -- --postgres   the console's suites on PostgreSQL too
//
// On SQLite only by default: the calendar's logic (periods, "today", zones) is the console's JavaScript, the same
// on both stores, which keep epoch milliseconds and read their own clock only for leases. The PostgreSQL pass
// doubled the console's share of the run (a CI on 2026-12-06: 531 s for the four instants beside the hard tests).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { DATE_SENSITIVE_SUITES, TURNS_OF_THE_CALENDAR } from './test-dates/instants'

const LIBFAKETIME = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
].find((path) => existsSync(path))

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    all: { type: 'boolean', default: false },
    at: { type: 'string' },
    tz: { type: 'string' },
    postgres: { type: 'boolean', default: false },
  },
})

if (!LIBFAKETIME) {
  console.error("test:dates needs libfaketime: install Debian's package `faketime` (.ci/run does).")
  process.exit(1)
}

const instants = values.at ? [{ at: values.at, tz: values.tz ?? 'UTC', why: 'asked for' }] : TURNS_OF_THE_CALENDAR
const files = values.all ? [] : positionals.length > 0 ? positionals : DATE_SENSITIVE_SUITES
const failed: string[] = []

for (const { at, tz, why } of instants) {
  const target = Date.parse(at)
  if (Number.isNaN(target)) throw new Error(`--at ${at} is not an ISO 8601 instant`)
  // An offset rather than a fixed start: every process of the tree, whenever it starts, reads the same shifted
  // clock (a fixed start would give each its own).
  const offsetSeconds = Math.round((target - Date.now()) / 1000)
  console.log(`\n== ${at} in ${tz} (${why})`)
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'server',
      '--project',
      'web',
      ...(values.postgres ? ['--project', 'server-postgres'] : []),
      ...files,
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        TZ: tz,
        LD_PRELOAD: LIBFAKETIME,
        FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
      },
    },
  )
  if (run.status !== 0) failed.push(`${at} (${tz})`)
}

if (failed.length > 0) {
  console.error(`\ntest:dates failed at ${failed.join(', ')}`)
  process.exit(1)
}
console.log(`\ntest:dates passed at ${instants.length} instant(s)`)
