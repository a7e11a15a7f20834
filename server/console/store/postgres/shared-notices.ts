// One listening connection per instance, shared by everything in it that waits for notices (the sessions kept in
// memory, the live hub): a single LISTEN connection (notice-listener.ts) on every channel of the console, each notice
// handed to the subscribers of its channel, one reconnect policy for all. A subscriber is told when LISTEN is in place
// (at once when it already is) and when it is lost, as with a connection of its own.
import type { StoreNotices } from '../notices'
import { listenForNotices, type NoticeListener, type NoticeListenerOptions } from './notice-listener'

export interface SharedNoticeOptions {
  url: string
  /** Every channel a subscriber may ask for: all are listened to from the start. */
  channels: readonly string[]
  /** Shown in pg_stat_activity (an operator, a test, can tell this connection from the pools'). */
  name?: string
  retryMs?: number
}

type Subscriber = Pick<NoticeListenerOptions, 'channels' | 'onListening' | 'onLost'>

export interface SharedNotices extends StoreNotices {
  /**
   * Resolves once the connection first listens, or first fails to (then it keeps trying): it opens at the first
   * subscriber, or at `start`.
   */
  start(): Promise<void>
  close(): Promise<void>
}

export function shareNoticeConnection(options: SharedNoticeOptions): SharedNotices {
  const subscribers = new Set<Subscriber>()
  let connection: NoticeListener | null = null
  let started: Promise<void> | null = null
  let closed = false

  const each = (call: (subscriber: Subscriber) => void) => {
    for (const subscriber of [...subscribers]) call(subscriber)
  }
  function start(): Promise<void> {
    if (started) return started
    started = new Promise<void>((settled) => {
      const channels: Record<string, (payload: string) => void> = {}
      for (const channel of options.channels)
        channels[channel] = (payload) => each((subscriber) => subscriber.channels[channel]?.(payload))
      connection = listenForNotices({
        url: options.url,
        name: options.name,
        retryMs: options.retryMs,
        channels,
        onListening: () => {
          settled()
          each((subscriber) => subscriber.onListening?.())
        },
        onLost: (error) => {
          settled()
          each((subscriber) => subscriber.onLost?.(error))
        },
      })
    })
    return started
  }

  return {
    start,
    listen(subscriber) {
      for (const channel of Object.keys(subscriber.channels))
        if (!options.channels.includes(channel)) throw new Error(`Not a channel of the console: ${channel}`)
      if (closed) return { listening: () => false, close: async () => {} }
      subscribers.add(subscriber)
      void start()
      // Already listening: told so as a connection of its own would tell it, after it has its handle.
      if (connection?.listening())
        queueMicrotask(() => {
          if (subscribers.has(subscriber) && connection?.listening()) subscriber.onListening?.()
        })
      return {
        listening: () => subscribers.has(subscriber) && connection?.listening() === true,
        close: async () => {
          subscribers.delete(subscriber)
        },
      }
    },
    async close() {
      closed = true
      subscribers.clear()
      await connection?.close()
      connection = null
    },
  }
}
