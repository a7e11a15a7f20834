// Notices between the instances of one store: PostgreSQL's NOTIFY, sent by the tables' triggers (migrations 0037
// and 0038) and heard over one connection per instance (postgres/shared-notices.ts), whoever listens in it. SQLite
// has none (null): one instance, nothing to tell another.
import type { NoticeListener, NoticeListenerOptions } from './postgres/notice-listener'

export interface StoreNotices {
  /**
   * Listens on `channels` until closed, over the instance's one listening connection: `onListening` each time
   * LISTEN is in place (at once if it is), `onLost` when it is lost; the connection's name and back-off are the store's.
   */
  listen(options: Pick<NoticeListenerOptions, 'channels' | 'onListening' | 'onLost'>): NoticeListener
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
