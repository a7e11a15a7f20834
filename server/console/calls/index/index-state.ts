// How far the index can be trusted, in the contract's shape and in words for the calls page. Pure.
import type { IndexState } from '../../../../src/api/contract/call-index-schemas'

export interface IndexFacts {
  /** False without an API key: there is no sync. */
  syncing: boolean
  /** Why the last upstream request failed, while the failures last; null once one succeeds. */
  failing: string | null
  keyRefused: boolean
  /** The sync's listings cut short (a repeated cursor, nothing new, too many pages), in words. */
  stopped: readonly string[]
  indexed: number
  pendingDetails: number
  syncedTo: number | null
  backfill: { running: boolean; listed: number; estimatedTotal: number | null; finishedAt: number | null } | null
}

const count = (n: number) => n.toLocaleString('en-US')
/** The API's timestamps have whole seconds; so do ours when they can. */
export const isoTime = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')

/** What the failing requests got, in words: an answer is not "not answering". */
function failureWords(reason: string): string {
  if (/^answered 2\d\d$/.test(reason))
    return `The voice service answers, but in a form the console cannot read (${reason})`
  if (/^answered \d{3}$/.test(reason)) return `The voice service answers with an error (${reason})`
  return `The voice service is not answering (${reason})`
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`

function stateAndMessage(facts: IndexFacts): Pick<IndexState, 'state' | 'message'> {
  if (!facts.syncing)
    return {
      state: 'unavailable',
      // No sync: no API key, or CONSOLE_INDEX=off where the account's rate limit is too low to share.
      message:
        'Search is not available: this console keeps no index of calls (it has no API key for the voice service, or CONSOLE_INDEX is off).',
    }
  if (facts.keyRefused)
    return {
      state: 'unavailable',
      message: 'Search is not available: the voice service refuses the console’s API key.',
    }
  if (facts.failing)
    return {
      state: 'catching-up',
      message: `${failureWords(facts.failing)}: the newest calls may be missing.`,
    }
  const backfill = facts.backfill
  if (backfill?.running)
    return {
      state: 'catching-up',
      message:
        backfill.estimatedTotal !== null
          ? `Indexed ${count(backfill.listed)} of about ${count(Math.max(backfill.listed, backfill.estimatedTotal))} calls.`
          : `Indexed ${count(backfill.listed)} calls so far.`,
    }
  if (facts.syncedTo === null || !backfill?.finishedAt)
    return { state: 'catching-up', message: 'Listing the account’s calls: results may be incomplete.' }
  if (facts.pendingDetails > 0)
    return {
      state: 'catching-up',
      message: `Fetching the details of ${count(facts.pendingDetails)} calls: metadata search may miss them.`,
    }
  return { state: 'ready', message: null }
}

export function indexStateOf(facts: IndexFacts): IndexState {
  const backfill = facts.backfill
  return {
    ...stateAndMessage(facts),
    listingComplete:
      facts.syncing &&
      !facts.keyRefused &&
      !facts.failing &&
      facts.syncedTo !== null &&
      Boolean(backfill?.finishedAt) &&
      !backfill?.running,
    indexed: facts.indexed,
    pendingDetails: facts.pendingDetails,
    syncedTo: facts.syncedTo === null ? null : isoTime(facts.syncedTo),
    backfill: backfill && {
      running: backfill.running,
      listed: backfill.listed,
      estimatedTotal: backfill.estimatedTotal,
      finishedAt: backfill.finishedAt === null ? null : isoTime(backfill.finishedAt),
    },
    notice:
      facts.stopped.length > 0
        ? `${facts.stopped.map(sentence).join(' ')} The index keeps the calls it got and carries on.`
        : null,
  }
}
