// The weighted score, by hand: what each answer earns of its question's best, weighted, in tenths of a percent.
import { describe, expect, it } from 'vitest'
import type { Question } from '../../../src/api/contract/scoring-schemas'
import { weightedScore } from './weighted-score'

const QUESTIONS: Question[] = [
  { id: 'q1', kind: 'scale', text: 'Greeting', scale_max: 5, weight: 1 },
  { id: 'q2', kind: 'yes_no', text: 'Confirmed the address', weight: 3 },
  { id: 'q3', kind: 'scale', text: 'Tone', scale_max: 3, weight: 2 },
]

describe('a weighted score', () => {
  it('weighs each answer’s share of its best: (0.75·1 + 1·3 + 0.5·2) / 6 = 79.2%', () => {
    const reading = weightedScore(QUESTIONS, [
      { question_id: 'q3', value: 2 },
      { question_id: 'q1', value: 4 },
      { question_id: 'q2', value: true },
    ])
    expect(reading).toEqual({
      ok: true,
      tenths: 792,
      answers: [
        { question_id: 'q1', value: 4 },
        { question_id: 'q2', value: true },
        { question_id: 'q3', value: 2 },
      ],
    })
  })

  it('is 0 at every worst answer and 100 at every best', () => {
    const worst = weightedScore(QUESTIONS, [
      { question_id: 'q1', value: 1 },
      { question_id: 'q2', value: false },
      { question_id: 'q3', value: 1 },
    ])
    const best = weightedScore(QUESTIONS, [
      { question_id: 'q1', value: 5 },
      { question_id: 'q2', value: true },
      { question_id: 'q3', value: 3 },
    ])
    expect([worst.ok && worst.tenths, best.ok && best.tenths]).toEqual([0, 1000])
  })

  it('names each question left unanswered, answered out of range, or not on the scorecard', () => {
    const reading = weightedScore(QUESTIONS, [
      { question_id: 'q1', value: 6 },
      { question_id: 'q2', value: 1 },
      { question_id: 'zz', value: true },
    ])
    expect(reading).toEqual({
      ok: false,
      errors: [
        { field: 'answers.zz', message: 'This question is not on the scorecard.' },
        { field: 'answers.q1', message: '“Greeting”: Choose a whole number from 1 to 5.' },
        { field: 'answers.q2', message: '“Confirmed the address”: Answer yes or no.' },
        { field: 'answers.q3', message: 'Answer “Tone”.' },
      ],
    })
  })
})
