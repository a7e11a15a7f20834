// A trace of each failed journey while working here (`npx playwright show-trace`), none in CI: what CI hands back
// is its log, and a trace is recorded for every journey and dropped when it passes. Recording them (screencast
// and DOM snapshots) cost about 40% of the suite's time: the keyboard and calls-journey specs on two workers took
// 178 s with traces, 138 s with snapshots alone and 106 s without (2026-11-27, load 2.5 to 7).
// `--trace retain-on-failure` brings them back for one CI-like run.
export const TRACE_MODE = process.env.CI ? 'off' : 'retain-on-failure'
