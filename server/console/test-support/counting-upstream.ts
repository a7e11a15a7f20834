// A pass-through proxy on loopback in front of the real simulator, for what the simulator does not
// report: every request that reached the upstream (path and time), and a 429 on demand.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  /** Path and query as sent. */
  path: string
  /** Date.now() when it arrived. */
  at: number
  /** Answered 429 here instead of being passed on. */
  throttled: boolean
}

export interface CountingUpstream {
  url: string
  seen: SeenRequest[]
  /** The status polls of one call that reached the upstream. */
  statusPolls(callId: string): SeenRequest[]
  /** Answers the next request 429 with `Retry-After: seconds`, then passes requests on again. */
  throttleNext(retryAfterSeconds: number): void
  close(): Promise<void>
}

export async function startCountingUpstream(target: string): Promise<CountingUpstream> {
  const seen: SeenRequest[] = []
  let throttle: number | null = null

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/'
    if (throttle !== null) {
      seen.push({ path, at: Date.now(), throttled: true })
      res.writeHead(429, { 'content-type': 'application/problem+json', 'retry-after': String(throttle) })
      throttle = null
      res.end(JSON.stringify({ title: 'Too many requests', status: 429 }))
      return
    }
    seen.push({ path, at: Date.now(), throttled: false })
    try {
      const answer = await fetch(`${target}${path}`, {
        headers: { authorization: req.headers.authorization ?? '', accept: 'application/json' },
      })
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      res.end(Buffer.from(await answer.arrayBuffer()))
    } catch {
      res.writeHead(502).end()
    }
  }
  const server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    statusPolls: (callId) => seen.filter((request) => request.path.includes(`/calls/${callId}/status`)),
    throttleNext: (seconds) => {
      throttle = seconds
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
