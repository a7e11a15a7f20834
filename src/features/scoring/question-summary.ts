import type { Question } from '@/api/contract/scoring-schemas'

/** "1 to 5, weight 2" or "yes or no, weight 3": how a question is answered and what it weighs. */
export const questionSummary = (question: Question) =>
  `${question.kind === 'scale' ? `1 to ${question.scale_max ?? 5}` : 'yes or no'}, weight ${question.weight}`
