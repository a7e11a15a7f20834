// Requests node's HTTP parser refuses before any route sees them: a request line and headers past node's 16 KB,
// bytes that are not HTTP, a request too slow to arrive. Without this node answers with a bare status line;
// every error of the API is problem+json, these too.
import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { problemBody } from './problem'

type Refusal = [status: number, reason: string, title: string, detail: string]

const REFUSALS: Record<string, Refusal> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'Request too large',
    'The request line and headers are larger than the service reads (16 KB). Shorten the URL or the headers.',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'Request too slow', 'The request did not arrive in time.'],
}
const NOT_HTTP: Refusal = [400, 'Bad Request', 'Bad request', 'The request could not be read as HTTP/1.1.']

function rawProblem([status, reason, title, detail]: Refusal): string {
  const body = JSON.stringify(problemBody(status, title, detail))
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ]
  return `${head.join('\r\n')}\r\n\r\n${body}`
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A client that left has nobody to read an answer.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    socket.end(rawProblem(REFUSALS[error.code ?? ''] ?? NOT_HTTP))
  })
}
