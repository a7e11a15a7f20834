import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { stubFetch } from '@/test/stub-fetch'
import { ApiError, apiRequest, apiUrl, errorFromResponse, MAX_RATE_LIMIT_WAITS } from './client'
import { UPSTREAM_KEY_REFUSED } from './contract/console-schemas'

const okSchema = z.object({ ok: z.boolean() })
const fetchMock = stubFetch()

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function json(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  })
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

/** Starts a read, lets it go as far as it can on the fake clock (its fetch, or a wait), aborts it: what it threw. */
async function abortedOnceStarted(path: string): Promise<unknown> {
  const controller = new AbortController()
  const read = apiRequest(path, { schema: okSchema, signal: controller.signal })
  read.catch(() => {})
  await vi.advanceTimersByTimeAsync(0)
  controller.abort()
  return read.catch((e: unknown) => e)
}

describe('apiRequest', () => {
  it("parses a success body with the schema, and marks the request as the console's own", async () => {
    fetchMock.mockResolvedValueOnce(json({ ok: true }))
    await expect(apiRequest('/account', { schema: okSchema })).resolves.toEqual({ ok: true })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/v1/voice/account')
    const headers = new Headers(init?.headers)
    expect(headers.get('X-Voice-Console')).toBe('1')
    // The key lives on the server; the browser never sends one.
    expect(headers.has('Authorization')).toBe(false)
  })

  it('reads the console API under its own prefix, and a 204 as no body', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }))
    await expect(
      apiRequest('/sign-out', { prefix: '/api/console', method: 'POST', schema: z.undefined() }),
    ).resolves.toBeUndefined()
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/console/sign-out')
  })

  it('turns problem+json into an ApiError with the detail and field errors', async () => {
    const problem = {
      type: 'https://voice.example/problems/validation',
      title: 'Invalid request',
      status: 422,
      detail: 'The destination is not a phone number.',
      errors: [
        { field: 'destination', message: 'Enter a phone number in international format.' },
        { field: 'destination', message: 'second message is ignored' },
        { field: 'caller_id', message: 'Unknown caller ID.' },
      ],
    }
    fetchMock.mockResolvedValueOnce(
      json(problem, { status: 422, headers: { 'Content-Type': 'application/problem+json' } }),
    )
    const error = await failure(apiRequest('/calls', { method: 'POST', body: {}, schema: okSchema }))
    expect(error.kind).toBe('http')
    expect(error.status).toBe(422)
    expect(error.message).toBe('The destination is not a phone number.')
    expect(error.problem?.title).toBe('Invalid request')
    expect(error.fieldErrors).toEqual({
      destination: 'Enter a phone number in international format.',
      caller_id: 'Unknown caller ID.',
    })
    expect(error.isTransient).toBe(false)
  })

  it("takes the console's 502 for a refused key as lasting: no retry helps until an admin changes the key", async () => {
    const refused = { type: UPSTREAM_KEY_REFUSED, title: "Voice service refused the console's key", status: 502 }
    fetchMock.mockResolvedValueOnce(json(refused, { status: 502 }))
    const error = await failure(apiRequest('/calls', { schema: okSchema }))
    expect(error.status).toBe(502)
    expect(error.isTransient).toBe(false)
  })

  it('falls back to the title when a problem has no detail', async () => {
    fetchMock.mockResolvedValueOnce(json({ title: 'Not found', status: 404 }, { status: 404 }))
    const error = await failure(apiRequest('/calls/call_x', { schema: okSchema }))
    expect(error.message).toBe('Not found')
    expect(error.fieldErrors).toEqual({})
  })

  it('reads a non-JSON error body (a proxy HTML page) as the status line', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html><body>Bad gateway</body></html>', { status: 502, statusText: 'Bad Gateway' }),
    )
    const error = await failure(apiRequest('/calls', { schema: okSchema }))
    expect(error.status).toBe(502)
    expect(error.problem).toBeNull()
    expect(error.message).toBe('The service answered 502 Bad Gateway.')
    expect(error.isTransient).toBe(true)
  })

  it('ignores JSON error bodies that are not problem details', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: 'nope' }, { status: 500 }))
    const error = await failure(apiRequest('/calls', { schema: okSchema }))
    expect(error.problem).toBeNull()
    expect(error.message).toBe('The service answered 500.')
  })

  // A submission's 429 is its answer (its retries count them apart); a read's is waited out (below).
  const submit = () => apiRequest('/calls', { method: 'POST', body: {}, schema: okSchema })
  it('carries Retry-After from a 429', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ title: 'Too many requests', status: 429 }, { status: 429, headers: { 'Retry-After': '3' } }),
    )
    const error = await failure(submit())
    expect(error.retryAfterMs).toBe(3000)
    expect(error.isTransient).toBe(true)
  })

  it('says what a 429 without a problem body means', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Too many requests', { status: 429, headers: { 'Retry-After': '4' } }))
    const error = await failure(submit())
    expect(error.message).toBe('The voice service asked us to slow down (too many requests).')
  })

  it('reports a timeout when the service does not answer in time', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        }),
    )
    const error = await failure(apiRequest('/calls', { schema: okSchema, timeoutMs: 20 }))
    expect(error.kind).toBe('timeout')
    expect(error.isTransient).toBe(true)
  })

  it('reports a network error when fetch itself fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const error = await failure(apiRequest('/calls', { schema: okSchema }))
    expect(error.kind).toBe('network')
    expect(error.message).toMatch(/could not reach the service/i)
    expect(error.isTransient).toBe(true)
  })

  it('rethrows the caller’s own abort instead of calling it a network error', async () => {
    const controller = new AbortController()
    fetchMock.mockImplementationOnce(() => {
      controller.abort()
      return Promise.reject(new DOMException('Aborted', 'AbortError'))
    })
    const error = await apiRequest('/calls', { schema: okSchema, signal: controller.signal }).catch((e) => e)
    expect(error).not.toBeInstanceOf(ApiError)
    expect((error as DOMException).name).toBe('AbortError')
  })

  it('rejects a success body that is not JSON or does not match the contract', async () => {
    fetchMock.mockResolvedValueOnce(new Response('not json', { status: 200 }))
    expect((await failure(apiRequest('/a', { schema: okSchema }))).kind).toBe('invalid-response')
    fetchMock.mockResolvedValueOnce(json({ ok: 'yes' }))
    const error = await failure(apiRequest('/a', { schema: okSchema }))
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toContain('ok')
  })
})

describe('Retry-After holds every request, not only the refused one', () => {
  const refused = (status: number, retryAfter: string) =>
    json({ title: 'Refused', status }, { status, headers: { 'Retry-After': retryAfter } })

  /** Makes one submission fail with `response`, then lets the next request start (it stays waiting or not). */
  async function afterRefusal(response: Response, options: { signal?: AbortSignal; timeoutMs?: number } = {}) {
    fetchMock.mockResolvedValueOnce(response)
    await failure(apiRequest('/calls', { method: 'POST', body: {}, schema: okSchema }))
    fetchMock.mockResolvedValueOnce(json({ ok: true }))
    const next = apiRequest('/account', { schema: okSchema, ...options })
    next.catch(() => {})
    await vi.advanceTimersByTimeAsync(0)
    // Wrapped, so awaiting this helper does not await the request itself.
    return { next }
  }

  beforeEach(() => {
    // Only the clocks: Response bodies are read with the real setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  })

  it('keeps another request from being sent until a 429’s Retry-After has passed', async () => {
    const { next } = await afterRefusal(refused(429, '3'))
    await vi.advanceTimersByTimeAsync(2999)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(next).resolves.toEqual({ ok: true })
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/v1/voice/account')
  })

  it('does the same for a 503 that says when to come back', async () => {
    const { next } = await afterRefusal(refused(503, '1'))
    await vi.advanceTimersByTimeAsync(999)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(next).resolves.toEqual({ ok: true })
  })

  it('does not hold for errors that set no time to wait', async () => {
    const { next } = await afterRefusal(json({ title: 'Broken', status: 500 }, { status: 500 }))
    await expect(next).resolves.toEqual({ ok: true })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('rejects a waiting request that is aborted, without sending it', async () => {
    const controller = new AbortController()
    const { next } = await afterRefusal(refused(429, '5'), { signal: controller.signal })
    controller.abort()
    const error = await next.catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(ApiError)
    expect((error as DOMException).name).toBe('AbortError')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('still holds for a 429 that answers a request its caller stopped waiting for', async () => {
    // A page left mid-request: its query is cancelled, but the service's answer speaks for the next page too.
    let answer: (response: Response) => void = () => {}
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)))
    expect(((await abortedOnceStarted('/calls/c1/recordings')) as DOMException).name).toBe('AbortError')
    answer(refused(429, '2'))
    await vi.advanceTimersByTimeAsync(0)
    fetchMock.mockResolvedValueOnce(json({ ok: true }))
    const next = apiRequest('/calls', { schema: okSchema })
    await vi.advanceTimersByTimeAsync(1999)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(next).resolves.toEqual({ ok: true })
  })

  it('starts the timeout only once the request is sent', async () => {
    // AbortSignal.timeout runs on Node's own timers; this one runs on the fake clock.
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      const controller = new AbortController()
      setTimeout(() => controller.abort(new DOMException('Timed out', 'TimeoutError')), ms)
      return controller.signal
    })
    const { next } = await afterRefusal(refused(429, '3'), { timeoutMs: 1000 })
    await vi.advanceTimersByTimeAsync(3000)
    await expect(next).resolves.toEqual({ ok: true })
    const signal = fetchMock.mock.calls[1]?.[1]?.signal
    expect(signal?.aborted).toBe(false)
  })
})

describe('a read refused with 429 waits and is sent again', () => {
  const tooMany = (headers: Record<string, string> = {}) =>
    json({ title: 'Too many requests', status: 429 }, { status: 429, headers })

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  })

  it('after the Retry-After, and answers with what the service then says', async () => {
    fetchMock.mockResolvedValueOnce(tooMany({ 'Retry-After': '3' })).mockResolvedValueOnce(json({ ok: true }))
    const read = apiRequest('/usage', { schema: okSchema })
    await vi.advanceTimersByTimeAsync(2999)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(read).resolves.toEqual({ ok: true })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it(`at most ${MAX_RATE_LIMIT_WAITS} times: then the 429 is the answer`, async () => {
    fetchMock.mockImplementation(() => Promise.resolve(tooMany({ 'Retry-After': '1' })))
    const read = failure(apiRequest('/usage', { schema: okSchema }))
    await vi.advanceTimersByTimeAsync(MAX_RATE_LIMIT_WAITS * 1000)
    const error = await read
    expect(error.status).toBe(429)
    expect(fetchMock).toHaveBeenCalledTimes(MAX_RATE_LIMIT_WAITS + 1)
  })

  it('after a backoff when the service says no time, and on the console’s own limits without holding the voice API', async () => {
    fetchMock.mockResolvedValueOnce(tooMany()).mockResolvedValueOnce(json({ ok: true }))
    const read = apiRequest('/calls/search', { prefix: '/api/console', schema: okSchema })
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    fetchMock.mockResolvedValueOnce(json({ ok: true }))
    await expect(apiRequest('/account', { schema: okSchema })).resolves.toEqual({ ok: true })
    await vi.advanceTimersByTimeAsync(500)
    await expect(read).resolves.toEqual({ ok: true })
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })

  it('stops waiting when its caller does, without sending again', async () => {
    fetchMock.mockResolvedValueOnce(tooMany({ 'Retry-After': '5' }))
    expect(((await abortedOnceStarted('/usage')) as DOMException).name).toBe('AbortError')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})

describe('errorFromResponse and apiUrl', () => {
  it('reads Retry-After dates from any error response', async () => {
    const later = new Date(Date.now() + 60_000).toUTCString()
    const error = await errorFromResponse(new Response('', { status: 503, headers: { 'Retry-After': later } }))
    expect(error.retryAfterMs).toBeGreaterThan(50_000)
    expect(error.retryAfterMs).toBeLessThanOrEqual(60_000)
  })
  it('leaves out empty query values', () => {
    expect(apiUrl('/calls', { limit: 25, status: undefined, cursor: '' })).toBe('/api/v1/voice/calls?limit=25')
  })
})
