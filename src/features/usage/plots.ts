// The usage page's chart drawings, with recharts, as one lazy chunk: each chart's file imports its drawing from
// here, so rolldown does not cut recharts into a shared chunk per set of charts (six files, and six more names in
// every page's entry).
import '@/lib/recharts-on-preact'

export { FiguresPlot } from './breakdowns/figures-plot'
export { HistoryPlot } from './history-plot'
export { BurnUpPlot } from './pacing/burn-up-plot'
