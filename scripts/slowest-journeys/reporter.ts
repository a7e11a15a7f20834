// A Playwright reporter beside 'list': at the end of a run it prints the ten slowest journeys and the journey time
// of each project (rank.ts), so CI's log says where the suite's minutes went without a JSON report to dig through.
import { relative } from 'node:path'
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'
import { type JourneyTime, slowestReport } from './rank'

export default class SlowestJourneysReporter implements Reporter {
  private workers = 1
  // One entry per test: a retried journey's attempts add up, as they did to the run's time.
  private readonly journeys = new Map<TestCase, JourneyTime>()

  onBegin(config: FullConfig): void {
    this.workers = config.workers
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return
    const earlier = this.journeys.get(test)
    this.journeys.set(test, {
      project: test.parent.project()?.name ?? '',
      // Relative to where npm runs the suites, the repository's root, as the list reporter prints them.
      location: `${relative(process.cwd(), test.location.file)}:${test.location.line}`,
      // titlePath: the root, the project, the file, then the describe blocks and the title.
      title: test.titlePath().slice(3).join(' › '),
      durationMs: (earlier?.durationMs ?? 0) + result.duration,
      status: result.status,
    })
  }

  onEnd(result: FullResult): void {
    // Nothing to rank: --list, or a run that stopped before its first journey (its error says why).
    if (this.journeys.size === 0) return
    console.log(`\n${slowestReport([...this.journeys.values()], { wallMs: result.duration, workers: this.workers })}`)
  }

  printsToStdio(): boolean {
    return false
  }
}
