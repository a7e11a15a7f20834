// A tiny HTTP client for the API tests: real fetch against the running simulator,
// returning status, headers and the parsed body so tests can assert on all three.
// Every answer is checked against the OpenAPI document on the way (contract.ts).
import { API_PREFIX } from '../contract/schemas'
import { DEMO_KEYS } from '../demo-keys'
import { assertContract } from './contract'
import type { TestSimulator } from './simulator'

export const ACME_KEY = DEMO_KEYS.acme
export const GLOBEX_KEY = DEMO_KEYS.globex

export interface ApiResponse<T = unknown> {
  status: number
  headers: Headers
  /** Parsed JSON when the body is JSON, otherwise undefined. */
  body: T
  text: string
}

export type Query = Record<string, string | number | undefined>

interface RequestInitLite {
  query?: Query
  headers?: Record<string, string>
}

function withQuery(path: string, query?: Query): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value))
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

/**
 * Sends a request to an absolute URL of the simulator and reads the whole body. Throws when the
 * answer disagrees with the OpenAPI document, so the test that received it fails.
 */
export async function send<T = unknown>(url: string, init: RequestInit = {}): Promise<ApiResponse<T>> {
  const res = await fetch(url, init)
  const text = await res.text()
  let body: unknown
  if ((res.headers.get('content-type') ?? '').includes('json') && text.length > 0) {
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
  }
  assertContract({
    method: init.method ?? 'GET',
    url,
    status: res.status,
    headers: res.headers,
    body,
    text,
    request: { headers: new Headers(init.headers), body: typeof init.body === 'string' ? init.body : undefined },
  })
  return { status: res.status, headers: res.headers, body: body as T, text }
}

export interface ApiClient {
  /** Absolute URL of a path under /api/v1/voice. */
  url(path: string, query?: Query): string
  get<T = unknown>(path: string, init?: RequestInitLite): Promise<ApiResponse<T>>
  post<T = unknown>(path: string, body: unknown, init?: RequestInitLite): Promise<ApiResponse<T>>
  /** A request with a raw body and headers, for malformed input. */
  raw<T = unknown>(path: string, init: RequestInit & { query?: Query }): Promise<ApiResponse<T>>
}

/** A client bound to one simulator and one API key (null: no Authorization header). */
export function api(sim: Pick<TestSimulator, 'url'>, key: string | null = ACME_KEY): ApiClient {
  const auth: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` }
  const url = (path: string, query?: Query) => `${sim.url}${API_PREFIX}${withQuery(path, query)}`
  return {
    url,
    get: (path, init = {}) => send(url(path, init.query), { headers: { ...auth, ...init.headers } }),
    post: (path, body, init = {}) =>
      send(url(path, init.query), {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', ...init.headers },
        body: JSON.stringify(body),
      }),
    raw: (path, { query, headers, ...init }) =>
      send(url(path, query), { ...init, headers: { ...auth, ...(headers as Record<string, string>) } }),
  }
}
