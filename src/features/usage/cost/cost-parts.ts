// What lazy-cost.tsx loads, in one chunk.
export { CostCard } from './cost-card'
export { RatePerMinute } from './rate-per-minute'
