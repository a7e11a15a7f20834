// Test doubles of a browser's tabs: a BroadcastChannel that delivers to every other tab (after a
// task, as the real one does), a Web Lock with its queue and steal, and streams that record what
// they were asked for. Only the tests import this.
import type { LiveStreamEvent } from '@/api/live-stream'
import type { TabMessage } from './tab-messages'
import type { LeaderLock, OpenStream, StreamSink, TabChannel } from './tab-ports'

export function createFakeBus() {
  const handlers = new Map<object, (message: TabMessage) => void>()
  /** Tabs whose messages are not delivered either way (frozen). */
  const frozen = new Set<string>()
  return {
    frozen,
    channel(tabId: string): TabChannel {
      return {
        post(message) {
          if (frozen.has(tabId)) return
          const copy = structuredClone(message)
          // Those listening now, as a channel opened after a message does not get it.
          const to = [...handlers].filter(([owner]) => owner !== this)
          setTimeout(() => {
            for (const [, handler] of to) handler(copy)
          }, 0)
        },
        listen(handler) {
          handlers.set(this, (message) => {
            if (!frozen.has(tabId)) handler(message)
          })
          return () => handlers.delete(this)
        },
      }
    },
  }
}

interface Waiter {
  hold: () => Promise<void>
  grant(): void
  reject(error: Error): void
}

export function createFakeLock() {
  let holder: { reject(error: Error): void; done: Promise<void> } | null = null
  const queue: Waiter[] = []
  const next = () => {
    if (holder) return
    const waiter = queue.shift()
    waiter?.grant()
  }
  const lock: LeaderLock = {
    request: (hold, { steal, signal }) =>
      new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          hold,
          reject,
          grant() {
            const done = hold()
            const mine = { reject, done }
            holder = mine
            void done.then(() => {
              if (holder === mine) {
                holder = null
                resolve()
                next()
              }
            })
          },
        }
        if (steal) {
          holder?.reject(new DOMException('stolen', 'AbortError'))
          holder = null
          waiter.grant()
          return
        }
        signal?.addEventListener('abort', () => {
          const at = queue.indexOf(waiter)
          if (at >= 0) queue.splice(at, 1)
          reject(new DOMException('aborted', 'AbortError'))
        })
        queue.push(waiter)
        next()
      }),
  }
  return { lock, held: () => holder !== null }
}

interface FakeStream {
  callIds: string[]
  lastEventId: string | null
  sink: StreamSink
  closed: boolean
  send(event: LiveStreamEvent, id: string): void
}

export function createFakeStreams() {
  const opened: FakeStream[] = []
  const open: OpenStream = (request, sink) => {
    const stream: FakeStream = {
      ...request,
      sink,
      closed: false,
      send: (event, id) => {
        if (!stream.closed) sink.onEvent(event, id)
      },
    }
    opened.push(stream)
    return {
      close() {
        stream.closed = true
      },
    }
  }
  return { opened, open, live: () => opened.filter((stream) => !stream.closed) }
}
