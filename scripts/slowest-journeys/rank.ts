// What the end of a Playwright run prints about its time (reporter.ts): the slowest journeys first, and what each
// project spent, so that CI's log says where to look when the suite grows past its minutes.

export interface JourneyTime {
  project: string
  /** The spec file and line, relative to the config's root: `e2e/faults.spec.ts:67`. */
  location: string
  /** The describe blocks and the journey's own title, joined as the list reporter joins them. */
  title: string
  durationMs: number
  /** Anything but "passed" is printed beside the time: a failed journey's time is not its usual one. */
  status: string
}

export interface RunShape {
  /** The run's wall time, from Playwright's onEnd. */
  wallMs: number
  workers: number
}

/** The `count` longest journeys, longest first; equal times in the order of their location, so two runs compare. */
export function slowestJourneys(journeys: readonly JourneyTime[], count: number): JourneyTime[] {
  return [...journeys]
    .sort((a, b) => b.durationMs - a.durationMs || a.location.localeCompare(b.location, 'en'))
    .slice(0, count)
}

/** Journey time per project, the largest first. */
export function timeByProject(journeys: readonly JourneyTime[]): { project: string; journeys: number; ms: number }[] {
  const byProject = new Map<string, { project: string; journeys: number; ms: number }>()
  for (const journey of journeys) {
    const entry = byProject.get(journey.project) ?? { project: journey.project, journeys: 0, ms: 0 }
    entry.journeys += 1
    entry.ms += journey.durationMs
    byProject.set(journey.project, entry)
  }
  return [...byProject.values()].sort((a, b) => b.ms - a.ms || a.project.localeCompare(b.project, 'en'))
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const wholeSeconds = (ms: number) => `${Math.round(ms / 1000).toLocaleString('en-US')} s`

/** The lines the reporter prints: a heading with the totals, the slowest journeys, then each project's share. */
export function slowestReport(journeys: readonly JourneyTime[], run: RunShape, count = 10): string {
  if (journeys.length === 0) return 'No journeys ran.'
  const total = journeys.reduce((sum, journey) => sum + journey.durationMs, 0)
  const slowest = slowestJourneys(journeys, count)
  const width = Math.max(...slowest.map((journey) => seconds(journey.durationMs).length))
  const lines = [
    `The ${slowest.length} slowest of ${journeys.length} journeys (${wholeSeconds(total)} of journey time in ` +
      `${wholeSeconds(run.wallMs)} of wall on ${run.workers} workers):`,
    ...slowest.map((journey) => {
      const status = journey.status === 'passed' ? '' : ` (${journey.status})`
      return `  ${seconds(journey.durationMs).padStart(width)}  [${journey.project}] ${journey.location} › ${journey.title}${status}`
    }),
    `Journey time by project: ${timeByProject(journeys)
      .map((entry) => `${entry.project} ${wholeSeconds(entry.ms)} (${entry.journeys})`)
      .join(', ')}`,
  ]
  return lines.join('\n')
}
