// problem+json (RFC 9457) answers of the console itself, in words a person understands.
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

const HEADERS = { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' }

export function problemBody(status: number, title: string, detail: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({ type: 'about:blank', title, status, detail, ...extra })
}

export function problem(status: number, title: string, detail: string, headers: Record<string, string> = {}): Response {
  return new Response(problemBody(status, title, detail), { status, headers: { ...HEADERS, ...headers } })
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
