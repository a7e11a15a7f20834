// The tab's one connection to the console's event stream (GET /api/console/events), without React.
// EventSource resumes by itself after a drop (sending Last-Event-ID), but gives up for good when the
// server answers anything but a stream (a restart behind a proxy, 429, 503): then this opens a new one,
// backing off. Until a stream has said something the mode is not "live", and views poll as before,
// which also covers a proxy that buffers the stream (the snapshot never arrives).
import { CONSOLE_PREFIX } from './console-schemas'
import { LIVE_EVENTS, LIVE_EVENTS_PATH, type LiveEventData, type LiveEventName } from './live-schemas'

/** connecting: the first stream is opening; polling: it is not available (views poll), retrying. */
export type LiveMode = 'connecting' | 'live' | 'polling'

export type LiveStreamEvent = { [Name in LiveEventName]: { name: Name; data: LiveEventData<Name> } }[LiveEventName]

export interface LiveStreamOptions {
  onEvent(event: LiveStreamEvent): void
  onMode(mode: LiveMode): void
  url?: string
  /** A stream that sends no snapshot within this of its request is taken as unavailable (or buffered). */
  snapshotTimeoutMs: number
  maxBackoffMs?: number
}

export interface LiveStream {
  close(): void
}

export const LIVE_EVENTS_URL = `${CONSOLE_PREFIX}${LIVE_EVENTS_PATH}`
const NAMES = Object.keys(LIVE_EVENTS) as LiveEventName[]

function parse(name: LiveEventName, raw: string): LiveStreamEvent | null {
  try {
    const result = LIVE_EVENTS[name].safeParse(JSON.parse(raw))
    return result.success ? ({ name, data: result.data } as LiveStreamEvent) : null
  } catch {
    return null
  }
}

export function openLiveStream(options: LiveStreamOptions): LiveStream {
  const url = options.url ?? LIVE_EVENTS_URL
  const maxBackoffMs = options.maxBackoffMs ?? 30_000
  let source: EventSource | null = null
  let mode: LiveMode = 'connecting'
  let failures = 0
  let reopenTimer: ReturnType<typeof setTimeout> | undefined
  let snapshotTimer: ReturnType<typeof setTimeout> | undefined
  let closed = false

  const setMode = (next: LiveMode) => {
    if (next === mode) return
    mode = next
    options.onMode(next)
  }

  function open() {
    clearTimeout(reopenTimer)
    if (closed) return
    const current = new EventSource(url)
    source = current
    // Set on the snapshot: a resumed stream (EventSource's own reconnect) sends only what was missed.
    let heard = false
    // From the request, not from its answer: a stream that hangs before its headers is no better.
    clearTimeout(snapshotTimer)
    snapshotTimer = setTimeout(() => setMode('polling'), options.snapshotTimeoutMs)
    current.onopen = () => {
      if (heard) setMode('live')
    }
    current.onerror = () => {
      clearTimeout(snapshotTimer)
      setMode('polling')
      if (current.readyState === EventSource.CLOSED) reopenLater()
    }
    for (const name of NAMES)
      current.addEventListener(name, (message) => {
        const event = parse(name, (message as MessageEvent<string>).data)
        if (!event) return
        if (event.name === 'snapshot') {
          heard = true
          failures = 0
          clearTimeout(snapshotTimer)
          setMode('live')
        }
        options.onEvent(event)
      })
  }

  function reopenLater() {
    source?.close()
    source = null
    failures += 1
    // 1 s, 2 s, 4 s … up to the cap, with jitter so a restarted server is not met by every tab at once.
    const delay = Math.min(maxBackoffMs, 1000 * 2 ** (failures - 1)) * (0.75 + Math.random() * 0.5)
    reopenTimer = setTimeout(open, delay)
  }

  // Back online, or back in front of the person: try now rather than at the end of the back-off.
  const retryNow = () => {
    if (!closed && source === null) open()
  }
  window.addEventListener('online', retryNow)
  document.addEventListener('visibilitychange', retryNow)
  open()

  return {
    close() {
      closed = true
      clearTimeout(reopenTimer)
      clearTimeout(snapshotTimer)
      source?.close()
      window.removeEventListener('online', retryNow)
      document.removeEventListener('visibilitychange', retryNow)
    },
  }
}
