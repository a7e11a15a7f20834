// The one reckoning of a call's score (pure): each answer as a share of its question's best (a scale's 1 is 0, its
// top is 1; yes is 1, no is 0), weighted, as a percentage in tenths so that both stores keep it exactly.
import type { Answer, Question } from '../../../src/api/contract/scoring-schemas'

export type ScoreReading =
  | { ok: true; tenths: number; answers: Answer[] }
  | { ok: false; errors: { field: string; message: string }[] }

/** The share of its question's best that one answer earns, or why the answer does not fit the question. */
function shareOf(question: Question, value: number | boolean): number | string {
  if (question.kind === 'yes_no') return typeof value === 'boolean' ? (value ? 1 : 0) : 'Answer yes or no.'
  const top = question.scale_max ?? 5
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > top)
    return `Choose a whole number from 1 to ${top}.`
  return (value - 1) / (top - 1)
}

/** Every question answered once, in the scorecard's order, and the weighted score of those answers. */
export function weightedScore(questions: readonly Question[], answers: readonly Answer[]): ScoreReading {
  const errors: { field: string; message: string }[] = []
  const given = new Map(answers.map((answer) => [answer.question_id, answer.value]))
  for (const answer of answers)
    if (!questions.some((question) => question.id === answer.question_id))
      errors.push({ field: `answers.${answer.question_id}`, message: 'This question is not on the scorecard.' })
  let earned = 0
  let possible = 0
  const ordered: Answer[] = []
  for (const question of questions) {
    const value = given.get(question.id)
    if (value === undefined) {
      errors.push({ field: `answers.${question.id}`, message: `Answer “${question.text}”.` })
      continue
    }
    const share = shareOf(question, value)
    if (typeof share === 'string') {
      errors.push({ field: `answers.${question.id}`, message: `“${question.text}”: ${share}` })
      continue
    }
    earned += share * question.weight
    possible += question.weight
    ordered.push({ question_id: question.id, value })
  }
  if (errors.length > 0) return { ok: false, errors }
  return { ok: true, tenths: possible === 0 ? 0 : Math.round((earned / possible) * 1000), answers: ordered }
}
