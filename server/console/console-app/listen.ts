// The console's listener: Node's HTTP server with the fast path for voice API reads in front of the app, its
// timeouts, its connection caps (overall and per address), and a problem+json for a request it cannot read.
import { createServer, type RequestListener, type Server } from 'node:http'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import type { SessionEnv } from '../auth/require-session'
import type { ConsoleConfig } from '../config'
import { capConnectionsPerAddress } from '../http/connection-cap'
import type { Logger } from '../http/request-log'
import { requestBegun } from '../http/requests-begun'
import { endWithProblem } from '../http/socket-problem'
import type { FastReads } from '../proxy/fast-reads'

const MAX_CONNECTIONS = 1_000

export async function listenConsole(
  config: ConsoleConfig,
  app: Hono<SessionEnv>,
  fastReads: FastReads,
  logger: Logger,
): Promise<Server> {
  const server = await new Promise<Server>((resolve, reject) => {
    const instance = serve(
      {
        fetch: app.fetch,
        // The fast path for voice API reads first; every other request (and any it leaves) goes to the app.
        createServer: ((serverOptions: Parameters<typeof createServer>[0], listener: RequestListener) =>
          createServer(serverOptions, (req, res) => {
            requestBegun()
            if (!fastReads(req, res, listener)) listener(req, res)
          })) as typeof createServer,
        port: config.port,
        hostname: config.host,
        // Node checks these timeouts every connectionsCheckingInterval (30 s unless told): checked each
        // second, a client that sends its headers slowly is cut off within a second of the limit.
        serverOptions: {
          headersTimeout: config.network.headersTimeoutMs,
          requestTimeout: 60_000,
          // A load balancer in front must close its idle connections sooner (CONSOLE_KEEP_ALIVE_TIMEOUT_MS).
          keepAliveTimeout: config.network.keepAliveTimeoutMs,
          connectionsCheckingInterval: 1_000,
        },
      },
      () => resolve(instance as Server),
    ) as Server
    instance.once('error', reject)
  })
  // A flood cannot open unlimited sockets, and one address cannot take them all.
  server.maxConnections = MAX_CONNECTIONS
  capConnectionsPerAddress(server, config.network.maxConnectionsPerAddress, config.network.trustedProxies, logger)
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const code = error.code ?? 'unknown'
    // A browser that leaves mid-request is ordinary: a line at info, no stack.
    if (!socket.writable || code === 'ECONNRESET') {
      logger.info({ msg: 'client connection ended', code })
      socket.destroy()
    } else if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
      endWithProblem(socket, logger, {
        status: 408,
        reason: 'Request Timeout',
        title: 'Request too slow',
        detail: 'The request did not arrive in time, so the console closed the connection. Try again.',
        cause: code,
      })
    else if (code === 'HPE_HEADER_OVERFLOW')
      endWithProblem(socket, logger, {
        status: 431,
        reason: 'Request Header Fields Too Large',
        title: 'Request too large',
        detail:
          'The address and headers of the request are larger than the console reads (16 KB). Shorten the address.',
        cause: code,
      })
    else
      endWithProblem(socket, logger, {
        status: 400,
        reason: 'Bad Request',
        title: 'Not an HTTP request',
        detail: 'The console could not read the request as HTTP/1.1.',
        cause: code,
      })
  })
  return server
}
