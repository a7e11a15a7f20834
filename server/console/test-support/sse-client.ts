// A viewer of the console's event stream in a test: reads the stream as it arrives, parses each
// event, and waits (always with a deadline) for the one it expects.

export interface ReadEvent {
  id: string | null
  event: string
  data: unknown
}

export interface SseClient {
  status: number
  events: ReadEvent[]
  /** Comment lines (heartbeats) seen so far. */
  comments: number
  /** Resolves once the stream has ended. */
  closed: Promise<void>
  /** The first event so far or to come that matches, or a failure after `timeoutMs`. */
  next(match: (event: ReadEvent) => boolean, timeoutMs?: number): Promise<ReadEvent>
  close(): Promise<void>
}

export async function openSse(response: Response): Promise<SseClient> {
  const events: ReadEvent[] = []
  const waiters = new Set<() => void>()
  const client: SseClient = {
    status: response.status,
    events,
    comments: 0,
    closed: Promise.resolve(),
    next: (match, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match)
          if (!found) return false
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`))
        }, timeoutMs)
        if (!check()) waiters.add(check)
      }),
    close: async () => {
      await reader?.cancel().catch(() => {})
    },
  }
  const reader = response.body?.getReader()
  if (!reader) return client
  client.closed = (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }))
      if (done) return
      buffer += decoder.decode(value, { stream: true })
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        end = buffer.indexOf('\n\n')
        if (block.startsWith(':')) {
          client.comments += 1
          continue
        }
        const fields = Object.fromEntries(
          block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        )
        events.push({
          id: fields.id ?? null,
          event: fields.event ?? 'message',
          data: JSON.parse(fields.data ?? 'null'),
        })
        for (const waiter of [...waiters]) waiter()
      }
    }
  })()
  return client
}
