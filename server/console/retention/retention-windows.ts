// How long the console keeps its own records and serves recordings (issue 52, item 4): the settings, and the
// cut-offs they give at a time. Pure: a clock is passed in, so tests never depend on today's date.

export interface RetentionWindows {
  /** CONSOLE_RETENTION_CALLS_DAYS: call index rows (and what hangs off them), by when the call was placed. */
  callsDays: number | null
  /** CONSOLE_RETENTION_NOTES_DAYS: notes (every version) and outcomes, by when they last changed. */
  notesDays: number | null
  /** CONSOLE_RETENTION_RECORDINGS_DAYS: recordings are served this long after their call was placed. */
  recordingsDays: number | null
}

/** Every window unset: what an upgrade starts with, so it deletes nothing by surprise. */
export const KEEP_EVERYTHING: RetentionWindows = { callsDays: null, notesDays: null, recordingsDays: null }

const DAY_MS = 24 * 60 * 60_000

/** The time before which a record of that window is out of it; null: kept without limit. */
export const cutoffOf = (days: number | null, now: number): number | null =>
  days === null ? null : now - days * DAY_MS

/** Whether the daily prune has anything to do: recordings alone are a check when served, not rows to delete. */
export const prunesRows = (windows: RetentionWindows) => windows.callsDays !== null || windows.notesDays !== null
