// Unit tests answer the API through a stubbed global fetch. Each test starts with a fresh mock,
// no DOM left by the previous test, and no Retry-After wait of the client still running.
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { rateLimitGate } from '@/api/rate-limit-gate'

/** Call once at the top of a test file; returns the mock every test of the file answers with. */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    cleanup()
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    rateLimitGate.clear()
  })
  return fetchMock
}

/** A JSON answer of the service. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })
}
