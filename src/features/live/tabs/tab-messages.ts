// What the tabs of one person say to each other over their BroadcastChannel: the stream-holding tab
// (the leader, holder of a Web Lock) passes on events and its heartbeat; the others say what they watch.
import type { LiveSnapshot } from '@/api/contract/live-schemas'
import type { LiveMode, LiveStreamEvent } from '@/api/live-stream'

/** A call id a tab shows, and since when (the most recent are watched first when there are too many). */
export interface WatchedId {
  id: string
  since: number
}

export type TabMessage =
  /** From the leader, every BEAT_MS: it is alive, how its stream is, and where it is in the stream. */
  | {
      type: 'beat'
      from: string
      mode: LiveMode
      reason: string | null
      lastEventId: string | null
      watching: string[]
      /** The tab to steal the lock first should this leader fall silent. */
      heir: string | null
    }
  /** From the leader: one event of its stream, with the stream's id for it. */
  | { type: 'event'; from: string; event: LiveStreamEvent; id: string | null }
  /** From the leader to a tab that just came: what the board holds now. */
  | { type: 'state'; from: string; to: string; snapshot: LiveSnapshot; lastEventId: string | null }
  /** From any tab: what it watches now; `hello` when it just came (the leader answers with `state`). */
  | { type: 'watch'; from: string; ids: WatchedId[]; hello: boolean }
  /** From a tab that goes (its watches go with it). */
  | { type: 'bye'; from: string }
  /** From a tab that has just taken the lock from a silent leader: the others wait for its beat. */
  | { type: 'claim'; from: string }

/** The channel and the lock are per person: someone else signing in in this browser hears nothing of it. */
export const tabChannelName = (userId: string) => `voice-dashboard-live:${userId}`

/** How often the leader beats. */
export const BEAT_MS = 500
/** A leader silent this long (or a frozen one, which still holds its lock) is replaced by its heir: its lock is stolen. */
export const SILENCE_MS = 1_500
/** Tabs say again what they watch this often, and a tab not heard of for EXPIRE_MS no longer counts. */
export const REANNOUNCE_MS = 10_000
export const EXPIRE_MS = 35_000
/** Watch changes settle this long before the leader opens its stream again. */
export const UNION_DEBOUNCE_MS = 300
