import { preloadable } from '@/lib/preloadable'

/** The Outcome filter (issue 51) in a chunk of its own: the calls list's first JavaScript stays within its budget. */
export const outcomeFilterPart = preloadable(() => import('./outcome-filter'))
