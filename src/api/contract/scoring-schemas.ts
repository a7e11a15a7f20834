// Call scoring (issue 53, item 6): scorecards admins keep (questions on a scale or yes/no, each with a weight), and
// the scores managers give a call against one. The weighted score is the console's (server/console/scoring/), never
// the browser's. Its own file, loaded with the pages that score or summarise only.
import * as z from 'zod/mini'
import { isPlainText } from './call-query'

export const SCORECARDS_PATH = '/scorecards'
export const callScorePaths = (callId: string) => {
  const scores = `/calls/${encodeURIComponent(callId)}/scores`
  return { scores, score: (scorecardId: string) => `${scores}/${encodeURIComponent(scorecardId)}` }
}
/** Under CONSOLE_PREFIX: the period's averages per person and per scorecard, and every score as CSV. */
export const SCORE_SUMMARY_PATHS = { summary: '/usage/scores', export: '/usage/scores.csv' } as const

const MAX_QUESTIONS = 30
const MAX_SCALE = 10
const MAX_WEIGHT = 100
export const MAX_COMMENT_LENGTH = 2_000
const MAX_NAME_LENGTH = 120
const MAX_QUESTION_LENGTH = 300

const plain = (what: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: `Give the ${what}.` }),
      z.maxLength(max, { error: `Keep the ${what} within ${max} characters.` }),
      z.refine(isPlainText, { error: 'Use plain text: no control characters.' }),
    )

const weight = z
  .number()
  .check(
    z.int({ error: 'Give the weight as a whole number.' }),
    z.minimum(1, { error: 'A weight is 1 or more.' }),
    z.maximum(MAX_WEIGHT, { error: `A weight is at most ${MAX_WEIGHT}.` }),
  )

/**
 * A question answered from 1 to `scale_max` (1 the worst), or yes (the good answer) or no. One object with a kind,
 * not a discriminated union: zod's union and literal would join every page's entry (the entry holds all of zod/mini
 * any page uses), for this one form.
 */
const questionInput = z
  .object({
    kind: z.enum(['scale', 'yes_no'], { error: 'Choose a scale or yes or no.' }),
    text: plain('question', MAX_QUESTION_LENGTH),
    scale_max: z.optional(
      z
        .number()
        .check(
          z.int({ error: 'Give the scale’s top as a whole number.' }),
          z.minimum(2, { error: 'A scale goes at least from 1 to 2.' }),
          z.maximum(MAX_SCALE, { error: `A scale goes at most from 1 to ${MAX_SCALE}.` }),
        ),
    ),
    weight,
  })
  .check(
    z.refine((question) => question.kind !== 'scale' || question.scale_max !== undefined, {
      error: 'Give the scale’s top.',
      path: ['scale_max'],
    }),
  )
export type QuestionInput = z.infer<typeof questionInput>

/** POST (a new scorecard) and PUT (its next version): the name and every question, in order. */
export const scorecardInput = z.object({
  name: plain('scorecard’s name', MAX_NAME_LENGTH),
  questions: z
    .array(questionInput)
    .check(
      z.minLength(1, { error: 'Add at least one question.' }),
      z.maxLength(MAX_QUESTIONS, { error: `A scorecard has at most ${MAX_QUESTIONS} questions.` }),
    ),
})
export type ScorecardInput = z.infer<typeof scorecardInput>

/** PATCH: archived scorecards are offered for no new score; the scores given against them stay. */
export const scorecardArchiveInput = z.object({ archived: z.boolean() })

const question = z.object({
  id: z.string(),
  kind: z.enum(['scale', 'yes_no']),
  text: z.string(),
  scale_max: z.optional(z.number()),
  weight: z.number(),
})
export type Question = z.infer<typeof question>

export const scorecard = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number(),
  archived: z.boolean(),
  questions: z.array(question),
  updated_at: z.iso.datetime(),
})
export type Scorecard = z.infer<typeof scorecard>
export const scorecardList = z.object({ scorecards: z.array(scorecard) })

/** A question's answer: 1..scale_max for a scale, true (yes) or false (no) for yes/no. */
const answer = z.object({ question_id: z.string().check(z.maxLength(40)), value: z.union([z.number(), z.boolean()]) })
export type Answer = z.infer<typeof answer>

/** PUT /calls/{id}/scores/{scorecard}: the scorer's own score of the call, every question answered. */
export const callScoreInput = z.object({
  answers: z.array(answer).check(z.maxLength(MAX_QUESTIONS)),
  comment: z.string().check(
    z.maxLength(MAX_COMMENT_LENGTH, {
      error: `Keep the comment within ${MAX_COMMENT_LENGTH.toLocaleString('en')} characters.`,
    }),
    z.refine((text) => isPlainText(text.replace(/\r?\n/g, ' ')), { error: 'Use plain text: no control characters.' }),
  ),
})

const callScore = z.object({
  scorecard_id: z.string(),
  /** The scorecard as it was when the score was given: its name and questions of that version. */
  scorecard: z.object({ name: z.string(), version: z.number(), questions: z.array(question) }),
  scorer: z.string(),
  /** 0 to 100, one decimal: each answer's share of its question's best, weighted. */
  score: z.number(),
  answers: z.array(answer),
  comment: z.string(),
  scored_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  /** Whether the person asking gave it, and so may change it. */
  mine: z.boolean(),
})
export type CallScore = z.infer<typeof callScore>

/** GET /calls/{id}/scores: what the person asking may see (scorers: all; the call's placer: theirs to read). */
export const callScores = z.object({ scores: z.array(callScore), may_score: z.boolean() })
export type CallScores = z.infer<typeof callScores>

const summaryRow = z.object({ id: z.string(), label: z.string(), average: z.number(), count: z.number() })
export type ScoreSummaryRow = z.infer<typeof summaryRow>
/** GET /usage/scores?from&to: scores given in the period, averaged per person who placed the call and per scorecard. */
export const scoreSummary = z.object({ by_person: z.array(summaryRow), by_scorecard: z.array(summaryRow) })
export type ScoreSummary = z.infer<typeof scoreSummary>
