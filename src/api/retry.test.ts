import { describe, expect, it } from 'vitest'
import { ApiError } from './client'
import { MAX_RATE_LIMIT_RETRIES, MAX_TRANSIENT_RETRIES, retryDelay, shouldRetry, shouldRetryRead } from './retry'

const http = (status: number, retryAfterMs: number | null = null) =>
  new ApiError({ kind: 'http', status, message: `HTTP ${status}`, retryAfterMs })
const network = new ApiError({ kind: 'network', message: 'offline' })

describe('shouldRetry', () => {
  it('never retries client errors: the same request would fail the same way', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(shouldRetry(0, http(status))).toBe(false)
  })
  it('retries 5xx and network failures a bounded number of times', () => {
    expect(shouldRetry(0, http(503))).toBe(true)
    expect(shouldRetry(0, network)).toBe(true)
    expect(shouldRetry(MAX_TRANSIENT_RETRIES - 1, http(500))).toBe(true)
    expect(shouldRetry(MAX_TRANSIENT_RETRIES, http(500))).toBe(false)
  })
  it('gives 429 more patience than other transient errors', () => {
    expect(shouldRetry(MAX_TRANSIENT_RETRIES, http(429))).toBe(true)
    expect(shouldRetry(MAX_RATE_LIMIT_RETRIES, http(429))).toBe(false)
  })
  it("does not retry an answer that already took the whole limit: the console's 504 or the browser's timeout", () => {
    expect(shouldRetry(0, http(504))).toBe(false)
    expect(shouldRetry(0, new ApiError({ kind: 'timeout', message: 'The service did not answer' }))).toBe(false)
    expect(shouldRetry(0, http(502))).toBe(true)
  })
  it('does not retry errors that are not from the client', () => {
    expect(shouldRetry(0, new Error('bug'))).toBe(false)
  })
})

describe('shouldRetryRead', () => {
  it('leaves the 429s to the client, which waited them out, and retries failures as shouldRetry does', () => {
    expect(shouldRetryRead(0, http(429, 1000))).toBe(false)
    expect(shouldRetryRead(0, http(503))).toBe(true)
    expect(shouldRetryRead(MAX_TRANSIENT_RETRIES, http(503))).toBe(false)
    expect(shouldRetryRead(0, http(404))).toBe(false)
  })
})

describe('retryDelay', () => {
  it('waits exactly as long as Retry-After asks', () => {
    expect(retryDelay(1, http(429, 7000))).toBe(7000)
    expect(retryDelay(5, http(503, 0))).toBe(0)
  })
  it('grows exponentially with jitter between half and all of the step', () => {
    const low = () => 0
    const high = () => 1
    expect(retryDelay(0, http(500), low)).toBe(250)
    expect(retryDelay(0, http(500), high)).toBe(500)
    expect(retryDelay(1, http(500), low)).toBe(500)
    expect(retryDelay(2, http(500), high)).toBe(2000)
    const mid = retryDelay(3, network, () => 0.5)
    expect(mid).toBeGreaterThan(2000)
    expect(mid).toBeLessThan(4000)
  })
  it('is capped however many times it failed', () => {
    for (const failures of [6, 10, 30]) {
      expect(retryDelay(failures, http(500), () => 1)).toBe(20_000)
      expect(retryDelay(failures, http(500), () => 0)).toBe(10_000)
    }
  })
})
