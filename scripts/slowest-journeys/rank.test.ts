import { describe, expect, it } from 'vitest'
import { type JourneyTime, slowestJourneys, slowestReport, timeByProject } from './rank'

const journey = (project: string, location: string, title: string, durationMs: number, status = 'passed') =>
  ({ project, location, title, durationMs, status }) satisfies JourneyTime

const RUN = [
  journey('chromium', 'e2e/live.spec.ts:29', 'the live board › a call appears', 16_600),
  journey('faults', 'e2e/faults.spec.ts:67', 'places a call exactly once', 33_500),
  journey('chromium', 'e2e/usage.spec.ts:41', 'shows the account', 1_900),
  journey('chromium', 'e2e/alerts.spec.ts:46', 'a manager sets a rule', 21_000, 'failed'),
  journey('quirks', 'e2e/quirks/plain.spec.ts:10', 'reads a plain service', 1_900),
]

describe('slowestJourneys', () => {
  it('ranks the longest first, equal times by their location, and keeps at most the count asked', () => {
    expect(slowestJourneys(RUN, 4).map((entry) => entry.location)).toEqual([
      'e2e/faults.spec.ts:67',
      'e2e/alerts.spec.ts:46',
      'e2e/live.spec.ts:29',
      'e2e/quirks/plain.spec.ts:10',
    ])
    expect(slowestJourneys(RUN.slice(0, 2), 10)).toHaveLength(2)
  })
})

describe('timeByProject', () => {
  it('adds up each project’s journeys, the largest first', () => {
    expect(timeByProject(RUN)).toEqual([
      { project: 'chromium', journeys: 3, ms: 39_500 },
      { project: 'faults', journeys: 1, ms: 33_500 },
      { project: 'quirks', journeys: 1, ms: 1_900 },
    ])
  })
})

describe('slowestReport', () => {
  it('prints the totals, the slowest with their times aligned and a failure marked, then each project', () => {
    expect(slowestReport(RUN, { wallMs: 491_600, workers: 3 }, 3)).toBe(
      [
        'The 3 slowest of 5 journeys (75 s of journey time in 492 s of wall on 3 workers):',
        '  33.5 s  [faults] e2e/faults.spec.ts:67 › places a call exactly once',
        '  21.0 s  [chromium] e2e/alerts.spec.ts:46 › a manager sets a rule (failed)',
        '  16.6 s  [chromium] e2e/live.spec.ts:29 › the live board › a call appears',
        'Journey time by project: chromium 40 s (3), faults 34 s (1), quirks 2 s (1)',
      ].join('\n'),
    )
  })

  it('pads shorter times to the longest and writes thousands with a comma', () => {
    const many = [
      journey('chromium', 'e2e/a.spec.ts:1', 'long', 1_200_000),
      journey('chromium', 'e2e/b.spec.ts:1', 'short', 900),
    ]
    expect(slowestReport(many, { wallMs: 1_300_000, workers: 2 }).split('\n')).toEqual([
      'The 2 slowest of 2 journeys (1,201 s of journey time in 1,300 s of wall on 2 workers):',
      '  1200.0 s  [chromium] e2e/a.spec.ts:1 › long',
      '     0.9 s  [chromium] e2e/b.spec.ts:1 › short',
      'Journey time by project: chromium 1,201 s (2)',
    ])
  })

  it('says so when nothing ran', () => {
    expect(slowestReport([], { wallMs: 10, workers: 1 })).toBe('No journeys ran.')
  })
})
