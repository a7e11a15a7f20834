// What the shared stream needs from the browser, passed in: the real ones are in browser-tabs.ts and
// live-connection.ts, the tests' in fake-tabs.ts.
import type { LiveMode, LiveStreamEvent } from '@/api/live-stream'
import type { TabMessage } from './tab-messages'

export interface TabChannel {
  post(message: TabMessage): void
  listen(handler: (message: TabMessage) => void): () => void
}

export interface LeaderLock {
  /** Waits its turn (or takes the lock from its holder with `steal`) and runs `hold` while held; rejects when stolen or aborted. */
  request(hold: () => Promise<void>, options: { steal: boolean; signal?: AbortSignal }): Promise<void>
}

export interface StreamSink {
  onEvent(event: LiveStreamEvent, id: string | null): void
  onMode(mode: LiveMode, reason: string | null): void
}

export type OpenStream = (
  request: { callIds: string[]; lastEventId: string | null },
  sink: StreamSink,
) => { close(): void }
