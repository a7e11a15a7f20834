// The instants `npm run test:dates` runs at, and the suites it runs there. A suite belongs in the list when it reads
// the wall clock through what it tests (billing periods, pacing, "today", relative dates, presets, retention):
// `npm run test:dates -- --all` at these instants finds any that should be added.

/** Where a calendar turns, each with the zone it is read in: UTC for the service's periods, zones with DST for people. */
export const TURNS_OF_THE_CALENDAR = [
  { at: '2027-01-01T00:20:00Z', tz: 'UTC', why: "a year's and a month's first minutes" },
  {
    at: '2027-02-28T23:40:00Z',
    tz: 'Pacific/Auckland',
    why: "a short month's last minutes (already March 1 in Auckland)",
  },
  { at: '2027-03-14T06:58:00Z', tz: 'America/New_York', why: 'two minutes before clocks go forward in New York' },
  { at: '2027-10-31T00:58:00Z', tz: 'Europe/Berlin', why: 'two minutes before clocks go back in Berlin' },
] as const

// Paths or folders, as Vitest filters them.
export const DATE_SENSITIVE_SUITES = [
  // The console: the current billing period, its days and breakdowns, caller-ID health since the period began,
  // alert rules on the period's minutes.
  'server/console/usage/',
  'server/console/store/usage-breakdowns.test.ts',
  'server/console/caller-ids/health-routes.test.ts',
  'server/console/alerts/rules/',
  // Callbacks: what is due now, and a time told in the callee's zone and the agent's ("today", "tomorrow").
  'server/console/callbacks/',
  // The simulator: periods, commitment and usage as the service answers them.
  'server/simulator/account-usage.test.ts',
  'server/simulator/domain/billing.test.ts',
  // The dashboard: pacing, periods, relative times, "today" and "yesterday", date presets and saved views' dates.
  'src/api/contract/period-pace.test.ts',
  'src/components/timestamp.test.tsx',
  'src/features/usage/',
  'src/features/calls/shared/date-presets.test.ts',
  'src/features/calls/views/view-dates.test.ts',
  'src/features/calls/list/calls-search.test.ts',
  'src/features/caller-ids/health-cells.test.tsx',
  'src/features/callbacks/',
  'src/features/audit/audit-search.test.ts',
  'src/lib/',
  'src/shell/account-summary.test.tsx',
]
