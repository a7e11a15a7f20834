/** "93.8%": a weighted score as the console reckons it, to a tenth. */
export const formatScore = (score: number) => `${score.toLocaleString('en', { maximumFractionDigits: 1 })}%`
