import { describe, expect, it, vi } from 'vitest'
import { ApiError } from './client'
import { fingerprint, type RetryInfo, sendWithRetries, shouldRetrySubmission, submissionFor } from './idempotent-submit'

const body = { caller_id: '+14155550100', destination: '+15005550006', record: true, metadata: { a: '1', b: '2' } }
let counter = 0
const newKey = () => `key-${++counter}`

describe('submissionFor', () => {
  it('gives a first submission a fresh key', () => {
    const first = submissionFor(null, body, newKey)
    expect(first.key).toMatch(/^key-/)
  })

  it('reuses the key when the same form is submitted again', () => {
    const first = submissionFor(null, body, newKey)
    const again = submissionFor(first, { ...body, metadata: { b: '2', a: '1' } }, newKey)
    expect(again).toBe(first)
  })

  it('makes a new key once the form has changed', () => {
    const first = submissionFor(null, body, newKey)
    const changed = submissionFor(first, { ...body, record: false }, newKey)
    expect(changed.key).not.toBe(first.key)
    const changedBack = submissionFor(changed, body, newKey)
    expect(changedBack.key).not.toBe(changed.key)
  })

  it('uses 128 random bits by default, made where randomUUID is missing too', () => {
    expect(submissionFor(null, body).key).toMatch(/^[0-9a-f]{32}$/)
  })
})

describe('fingerprint', () => {
  it('ignores key order, not values', () => {
    expect(fingerprint({ a: 1, b: { c: 2, d: 3 } })).toBe(fingerprint({ b: { d: 3, c: 2 }, a: 1 }))
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: '1' }))
  })
})

const transient = () => new ApiError({ kind: 'http', status: 503, message: 'Service unavailable' })
const options = {
  shouldRetry: (failureCount: number, error: unknown) =>
    error instanceof ApiError && error.isTransient && failureCount < 3,
  retryDelay: (failureCount: number) => 100 * failureCount,
  sleep: () => Promise.resolve(),
}

describe('sendWithRetries', () => {
  it('sends every retry with the same key', async () => {
    const keys: string[] = []
    const send = vi.fn(async (key: string) => {
      keys.push(key)
      if (keys.length < 3) throw transient()
      return 'placed'
    })
    const retries: RetryInfo[] = []
    await expect(sendWithRetries(send, 'k1', { ...options, onRetry: (i) => retries.push(i) })).resolves.toBe('placed')
    expect(keys).toEqual(['k1', 'k1', 'k1'])
    expect(retries.map((r) => [r.failureCount, r.delayMs])).toEqual([
      [1, 100],
      [2, 200],
    ])
  })

  it('stops after the retry budget and throws the last error', async () => {
    const send = vi.fn(async () => {
      throw transient()
    })
    await expect(sendWithRetries(send, 'k1', options)).rejects.toThrow('Service unavailable')
    expect(send).toHaveBeenCalledTimes(3)
  })

  it('keeps its retries for network trouble however long it waited out the rate limit', async () => {
    const rateLimited = () => new ApiError({ kind: 'http', status: 429, message: 'Too many requests', retryAfterMs: 1 })
    // Three 429s on a busy account, then two 503s: the 503s are its first and second failures of that kind.
    const answers = [rateLimited(), rateLimited(), rateLimited(), transient(), transient()]
    const send = vi.fn(async () => {
      const next = answers.shift()
      if (next) throw next
      return 'started'
    })
    const shouldRetry = (failureCount: number, error: unknown) =>
      error instanceof ApiError && error.isTransient && failureCount < (error.status === 429 ? 8 : 3)
    await expect(sendWithRetries(send, 'k1', { ...options, shouldRetry })).resolves.toBe('started')
    expect(send).toHaveBeenCalledTimes(6)
  })

  it('does not retry an error that will not go away', async () => {
    const send = vi.fn(async () => {
      throw new ApiError({ kind: 'http', status: 422, message: 'Invalid destination' })
    })
    await expect(sendWithRetries(send, 'k1', options)).rejects.toThrow('Invalid destination')
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('waits as long as the policy says, and stops waiting when aborted', async () => {
    vi.useFakeTimers()
    try {
      const controller = new AbortController()
      const send = vi.fn(async () => {
        throw transient()
      })
      const promise = sendWithRetries(send, 'k1', { ...options, sleep: undefined, signal: controller.signal })
      const settled = expect(promise).rejects.toBeDefined()
      await vi.advanceTimersByTimeAsync(100)
      expect(send).toHaveBeenCalledTimes(2)
      controller.abort()
      await settled
      expect(send).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('shouldRetrySubmission', () => {
  const http = (status: number, type = 'about:blank') =>
    new ApiError({ kind: 'http', status, message: 'x', problem: { type, title: 'x', status } })

  it('retries transient failures and a request still in progress, not mistakes', () => {
    expect(shouldRetrySubmission(1, http(503))).toBe(true)
    expect(shouldRetrySubmission(1, http(429))).toBe(true)
    expect(shouldRetrySubmission(1, new ApiError({ kind: 'network', message: 'offline' }))).toBe(true)
    expect(shouldRetrySubmission(1, http(409, 'idempotency-in-progress'))).toBe(true)
    expect(shouldRetrySubmission(1, http(409, 'conflict'))).toBe(false)
    expect(shouldRetrySubmission(1, http(400))).toBe(false)
    expect(shouldRetrySubmission(1, http(422, 'idempotency-key-reused'))).toBe(false)
  })

  it('gives up after a few tries', () => {
    expect(shouldRetrySubmission(10, http(503))).toBe(false)
    expect(shouldRetrySubmission(10, http(409, 'idempotency-in-progress'))).toBe(false)
  })
})
