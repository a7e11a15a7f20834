// The browser's one connection to the console's event stream (GET /api/console/events), without React;
// one tab holds it for all (src/features/live/tabs/).
// EventSource resumes by itself after a drop (sending Last-Event-ID), but gives up for good when the
// server answers anything but a stream (a restart behind a proxy, 429, 503): then this opens a new one,
// backing off. Until a stream has said something the mode is not "live", and views poll as before,
// which also covers a proxy that buffers the stream (the snapshot never arrives).
import { CONSOLE_PREFIX } from './contract/console-schemas'
import { LIVE_EVENTS, LIVE_EVENTS_PATH, type LiveEventData, type LiveEventName } from './contract/live-schemas'

/** connecting: the first stream is opening; polling: it is not available (views poll), retrying. */
export type LiveMode = 'connecting' | 'live' | 'polling'

export type LiveStreamEvent = { [Name in LiveEventName]: { name: Name; data: LiveEventData<Name> } }[LiveEventName]

export interface LiveStreamOptions {
  /** `id`: the stream's id of the event, to resume after it. */
  onEvent(event: LiveStreamEvent, id: string | null): void
  /** `reason`: why the stream is not available, in words, when the server said (a 429 per person). */
  onMode(mode: LiveMode, reason: string | null): void
  url?: string
  /**
   * The last event id seen (by this tab or by the one that held the stream before it): a new
   * connection asks to resume after it (`last_event_id`), and is live once open, as no snapshot comes.
   */
  resumeFrom?: () => string | null
  /** A stream that sends no snapshot within this of its request is taken as unavailable (or buffered). */
  snapshotTimeoutMs: number
  maxBackoffMs?: number
}

export interface LiveStream {
  close(): void
}

export const LIVE_EVENTS_URL = `${CONSOLE_PREFIX}${LIVE_EVENTS_PATH}`
const NAMES = Object.keys(LIVE_EVENTS) as LiveEventName[]

/** Why the server refused a stream: the detail of its problem+json, asked again (EventSource does not tell). */
async function refusalOf(url: string): Promise<string | null> {
  const controller = new AbortController()
  try {
    const res = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } })
    if (res.ok || !res.headers.get('content-type')?.includes('problem+json')) return null
    const body = (await res.json()) as { detail?: unknown }
    return typeof body.detail === 'string' ? body.detail : null
  } catch {
    return null
  } finally {
    // Should the stream be open by now, this tab's EventSource will be the one to use it.
    controller.abort()
  }
}

function parse(name: LiveEventName, raw: string): LiveStreamEvent | null {
  try {
    const result = LIVE_EVENTS[name].safeParse(JSON.parse(raw))
    return result.success ? ({ name, data: result.data } as LiveStreamEvent) : null
  } catch {
    return null
  }
}

export function openLiveStream(options: LiveStreamOptions): LiveStream {
  const maxBackoffMs = options.maxBackoffMs ?? 30_000
  let source: EventSource | null = null
  let mode: LiveMode = 'connecting'
  let reason: string | null = null
  let failures = 0
  let reopenTimer: ReturnType<typeof setTimeout> | undefined
  let snapshotTimer: ReturnType<typeof setTimeout> | undefined
  let closed = false

  const setMode = (next: LiveMode, why: string | null = null) => {
    if (next === mode && why === reason) return
    mode = next
    reason = why
    options.onMode(next, why)
  }

  function open() {
    clearTimeout(reopenTimer)
    if (closed) return
    const resumeFrom = options.resumeFrom?.() ?? null
    const url = new URL(options.url ?? LIVE_EVENTS_URL, window.location.href)
    if (resumeFrom) url.searchParams.set('last_event_id', resumeFrom)
    const current = new EventSource(url)
    source = current
    // Set on the snapshot: a resumed stream (EventSource's own reconnect) sends only what was missed.
    let heard = resumeFrom !== null
    // From the request, not from its answer: a stream that hangs before its headers is no better.
    clearTimeout(snapshotTimer)
    snapshotTimer = setTimeout(() => setMode('polling'), options.snapshotTimeoutMs)
    current.onopen = () => {
      if (!heard) return
      clearTimeout(snapshotTimer)
      setMode('live')
    }
    current.onerror = () => {
      clearTimeout(snapshotTimer)
      setMode('polling', reason)
      if (current.readyState !== EventSource.CLOSED) return
      reopenLater()
      void refusalOf(url.href).then((why) => {
        if (why && source === null && !closed) setMode('polling', why)
      })
    }
    for (const name of NAMES)
      current.addEventListener(name, (message) => {
        const event = parse(name, (message as MessageEvent<string>).data)
        if (!event) return
        const id = (message as MessageEvent<string>).lastEventId || null
        if (event.name === 'snapshot') {
          heard = true
          failures = 0
          clearTimeout(snapshotTimer)
          setMode('live')
        }
        options.onEvent(event, id)
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
