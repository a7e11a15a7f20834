// Notices between the instances of one store: PostgreSQL's NOTIFY, sent by the tables' triggers (migration 0037)
// and heard over one dedicated connection per listener (postgres/notice-listener.ts). SQLite has none (null): one
// instance, nothing to tell another.
import type { NoticeListener, NoticeListenerOptions } from './postgres/notice-listener'

export interface StoreNotices {
  /** A connection of its own, listening on `channels` until closed. */
  listen(options: Omit<NoticeListenerOptions, 'url'>): NoticeListener
}

/** The live hub's channels (live/cluster-hub.ts): a payload is an event's seq, or nothing. */
export const LIVE_NOTICE_CHANNELS = {
  /** Events appended to live_events (payload: the last seq), or the hub's `ready` state written. */
  events: 'console_live_events',
  /** A call placed through an instance (live_placed), for the lease holder to poll. */
  placed: 'console_live_placed',
  /** A stream opened or closed on an instance (live_streams), for the lease holder to poll for. */
  streams: 'console_live_streams',
} as const
