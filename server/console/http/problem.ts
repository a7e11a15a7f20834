// problem+json (RFC 9457) answers of the console itself, in words a person understands.
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

const HEADERS = { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' }

export function problemBody(status: number, title: string, detail: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({ type: 'about:blank', title, status, detail, ...extra })
}

/** `extra`: members beside the standard ones (a `type` of our own, say). */
export function problem(
  status: number,
  title: string,
  detail: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
): Response {
  return new Response(problemBody(status, title, detail, extra), { status, headers: { ...HEADERS, ...headers } })
}

/** Through the context, so headers set on it (a cleared cookie, say) go out too. */
export function sendProblem(
  c: Context,
  status: ContentfulStatusCode,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
): Response {
  return c.body(problemBody(status, title, detail, extra), status, HEADERS)
}

/** A whole HTTP/1.1 answer, for a socket the request handler never sees (http/socket-problem.ts). */
export function rawProblem(
  status: number,
  reason: string,
  title: string,
  detail: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
): string {
  const body = problemBody(status, title, detail, extra)
  const lines = Object.entries({ ...HEADERS, ...headers, 'Content-Length': String(Buffer.byteLength(body)) })
  return `HTTP/1.1 ${status} ${reason}\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}Connection: close\r\n\r\n${body}`
}
