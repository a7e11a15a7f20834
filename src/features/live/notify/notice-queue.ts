// Endings of a person's own calls, waiting for the notifier, which loads only when the first one
// comes: sonner and the phone formatting stay out of the bundle of a tab that never shows a toast.
import type { LiveCallEntry } from '@/api/contract/live-schemas'

export interface Ending {
  entry: LiveCallEntry
  /** False on the call's own page, which says so already. */
  toast: boolean
}

type Listener = (ending: Ending) => void

const listeners = new Set<Listener>()
const waiting: Ending[] = []

export function pushEnding(ending: Ending) {
  if (listeners.size === 0) waiting.push(ending)
  for (const listener of listeners) listener(ending)
}

/** Delivers what waited, then every new ending, until the returned function is called. */
export function takeEndings(listener: Listener): () => void {
  listeners.add(listener)
  for (const ending of waiting.splice(0)) listener(ending)
  return () => listeners.delete(listener)
}

export const hasWaitingEndings = () => waiting.length > 0
