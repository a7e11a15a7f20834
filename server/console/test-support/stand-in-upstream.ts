// A tiny upstream on loopback for what the real simulator never does: hostile headers,
// slow answers, raw paths. It records every request that reached it.
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'

export interface StandIn {
  url: string
  /** rawPath is the request target exactly as it arrived on the socket, before any URL parsing. */
  seen: { method: string; rawPath: string; headers: Record<string, string> }[]
  close(): Promise<void>
}

export async function startStandIn(app: Hono): Promise<StandIn> {
  const seen: StandIn['seen'] = []
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const instance = serve(
      {
        fetch: (request, env) => {
          seen.push({
            method: request.method,
            rawPath: env.incoming.url ?? '',
            headers: Object.fromEntries(request.headers),
          })
          return app.fetch(request)
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(instance),
    )
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
