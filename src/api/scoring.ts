// Call scoring (issue 53, item 6): the scorecards, a call's scores, and the period's summaries. Apart from the other
// queries, so that only the pages that score or summarise load these schemas.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest, apiUrl } from './client'
import { CONSOLE_PREFIX } from './contract/console-schemas'
import {
  type Answer,
  callScorePaths,
  callScores,
  SCORE_SUMMARY_PATHS,
  SCORECARDS_PATH,
  type ScorecardInput,
  scorecard,
  scorecardList,
  scoreSummary,
} from './contract/scoring-schemas'
import type { UsagePeriodQuery } from './contract/usage-breakdown-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

export const scoringQueries = {
  all: () => ['scoring'] as const,
  scorecards: () =>
    queryOptions({
      queryKey: [...scoringQueries.all(), 'scorecards'] as const,
      queryFn: ({ signal }) => apiRequest(SCORECARDS_PATH, { ...onConsole, schema: scorecardList, signal }),
    }),
  call: (callId: string) =>
    queryOptions({
      queryKey: [...scoringQueries.all(), 'call', callId] as const,
      queryFn: ({ signal }) => apiRequest(callScorePaths(callId).scores, { ...onConsole, schema: callScores, signal }),
    }),
  summary: (period: UsagePeriodQuery) =>
    queryOptions({
      queryKey: [...scoringQueries.all(), 'summary', period] as const,
      queryFn: ({ signal }) =>
        apiRequest(SCORE_SUMMARY_PATHS.summary, {
          ...onConsole,
          query: { from: period.from, to: period.to },
          schema: scoreSummary,
          signal,
        }),
    }),
}

export const createScorecard = (input: ScorecardInput) =>
  apiRequest(SCORECARDS_PATH, { ...onConsole, method: 'POST', body: input, schema: scorecard })

/** A new version: the scores given before keep theirs. */
export const changeScorecard = ({ id, input }: { id: string; input: ScorecardInput }) =>
  apiRequest(`${SCORECARDS_PATH}/${encodeURIComponent(id)}`, {
    ...onConsole,
    method: 'PUT',
    body: input,
    schema: scorecard,
  })

export const archiveScorecard = ({ id, archived }: { id: string; archived: boolean }) =>
  apiRequest(`${SCORECARDS_PATH}/${encodeURIComponent(id)}`, {
    ...onConsole,
    method: 'PATCH',
    body: { archived },
    schema: scorecard,
  })

export const saveCallScore = ({
  callId,
  scorecardId,
  answers,
  comment,
}: {
  callId: string
  scorecardId: string
  answers: Answer[]
  comment: string
}) =>
  apiRequest(callScorePaths(callId).score(scorecardId), {
    ...onConsole,
    method: 'PUT',
    body: { answers, comment },
    schema: callScores,
  })

/** Where the period's scores download from as CSV: a plain link, so the browser saves the attachment itself. */
export const scoresExportHref = (period: UsagePeriodQuery) =>
  apiUrl(SCORE_SUMMARY_PATHS.export, { from: period.from, to: period.to }, CONSOLE_PREFIX)
