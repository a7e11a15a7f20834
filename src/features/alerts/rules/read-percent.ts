// The percent field's text as the contract takes it (alertRuleInput: a whole number from 1 to 1000).

/** The typed percent as the contract takes it: a whole number, or the words for what is wrong. */
export function readPercent(value: string): { percent: number } | { error: string } {
  const text = value.trim()
  if (text === '') return { error: 'Enter a percentage from 1 to 1000.' }
  const percent = Number(text)
  if (!Number.isInteger(percent)) return { error: 'Use a whole number, such as 80.' }
  if (percent < 1) return { error: 'Use 1% or more.' }
  if (percent > 1000) return { error: 'Use 1000% or less.' }
  return { percent }
}
