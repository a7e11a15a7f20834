import { preloadable } from '@/lib/preloadable'

/** The "Outcome and note" panel, loaded beside the call's data by the route, outside the page's first JavaScript. */
export const callWorkPart = preloadable(() => import('./call-work-panel'))
