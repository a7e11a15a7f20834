// A viewer of GET /api/console/events over plain node:http (no fetch streams: a thousand of them stay
// cheap), handing each event to a callback with the time this process read it.
import { type Agent, request } from 'node:http'
import { CONSOLE_PREFIX } from '../../src/api/contract/console-schemas'
import { LIVE_EVENTS_PATH, type LiveEventName } from '../../src/api/contract/live-schemas'

export interface ReadEvent {
  name: LiveEventName
  data: unknown
  /** Date.now() when the chunk holding it was read. */
  at: number
}

export interface Viewer {
  /** Events read so far, by name. */
  counts: Map<string, number>
  close(): void
}

export interface ViewerOptions {
  url: string
  cookie: string
  agent: Agent
  /** Watched by id, besides the board. */
  callIds?: readonly string[]
  onEvent?: (event: ReadEvent) => void
  /** How long the snapshot may take (the hub waits up to 3 s for its first answers). */
  timeoutMs?: number
}

/** Opens a stream and resolves once its snapshot has arrived. */
export function openViewer(options: ViewerOptions): Promise<Viewer> {
  const query = new URLSearchParams((options.callIds ?? []).map((id) => ['call_id', id]))
  const path = `${CONSOLE_PREFIX}${LIVE_EVENTS_PATH}${query.size ? `?${query}` : ''}`
  const counts = new Map<string, number>()
  return new Promise((resolve, reject) => {
    const req = request(`${options.url}${path}`, {
      agent: options.agent,
      headers: { cookie: options.cookie, accept: 'text/event-stream' },
    })
    const viewer: Viewer = { counts, close: () => req.destroy() }
    const timer = setTimeout(() => {
      req.destroy()
      reject(new Error(`no snapshot in ${options.timeoutMs ?? 15_000} ms`))
    }, options.timeoutMs ?? 15_000)
    req.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        clearTimeout(timer)
        res.resume()
        req.destroy()
        return reject(new Error(`GET ${path.slice(0, 80)} answered ${res.statusCode}`))
      }
      res.setEncoding('utf8')
      let buffer = ''
      res.on('data', (chunk: string) => {
        const at = Date.now()
        buffer += chunk
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          end = buffer.indexOf('\n\n')
          if (block.startsWith(':')) continue
          let name = 'message'
          let data = ''
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) name = line.slice(7)
            else if (line.startsWith('data: ')) data += line.slice(6)
          }
          counts.set(name, (counts.get(name) ?? 0) + 1)
          if (name === 'snapshot') {
            clearTimeout(timer)
            resolve(viewer)
          }
          if (options.onEvent)
            options.onEvent({ name: name as LiveEventName, data: data ? JSON.parse(data) : null, at })
        }
      })
      res.on('error', () => {})
    })
    req.end()
  })
}

/** Opens `count` viewers, `parallel` at a time. */
export async function openViewers(count: number, options: ViewerOptions, parallel = 50): Promise<Viewer[]> {
  const viewers: Viewer[] = []
  try {
    for (let start = 0; start < count; start += parallel) {
      const batch = Array.from({ length: Math.min(parallel, count - start) }, () => openViewer(options))
      const settled = await Promise.allSettled(batch)
      for (const result of settled) if (result.status === 'fulfilled') viewers.push(result.value)
      const failed = settled.find((result) => result.status === 'rejected')
      if (failed) throw failed.reason
    }
    return viewers
  } catch (error) {
    for (const viewer of viewers) viewer.close()
    throw error
  }
}
