// The browser's side of the shared stream: a BroadcastChannel and a Web Lock, both named per person.

import type { TabMessage } from './tab-messages'
import { tabChannelName } from './tab-messages'
import type { LeaderLock, TabChannel } from './tab-ports'

/** Without both, tabs cannot share one stream; such a tab polls rather than open a stream of its own. */
export const canShareStream = () =>
  typeof BroadcastChannel === 'function' && typeof navigator !== 'undefined' && navigator.locks !== undefined

export function browserChannel(userId: string): TabChannel & { close(): void } {
  const channel = new BroadcastChannel(tabChannelName(userId))
  return {
    post: (message) => channel.postMessage(message),
    listen(handler) {
      const listener = (message: MessageEvent<TabMessage>) => handler(message.data)
      channel.addEventListener('message', listener)
      return () => channel.removeEventListener('message', listener)
    },
    close: () => channel.close(),
  }
}

export function browserLock(userId: string): LeaderLock {
  const name = `${tabChannelName(userId)}:stream`
  return {
    // A steal may not carry a signal (the Web Locks API refuses the pair); it is granted at once anyway.
    request: (hold, { steal, signal }) =>
      navigator.locks.request(name, steal ? { steal: true } : signal ? { signal } : {}, hold),
  }
}
