// Proves a page honours Retry-After: it records every voice API request the page
// sends and every answer that carries a Retry-After, and finds the requests sent
// while such a wait was still running. Times come from the browser's own
// monotonic clock (Chrome DevTools Protocol), not from when Playwright's events
// reach this process, whose delays vary with the load of the machine.
import type { Page } from '@playwright/test'
import { API_PREFIX } from '../../src/api/contract/schemas'

const API_PATH = `${API_PREFIX}/`

// The page waits on Date.now() and timers, which round to the millisecond, and it
// starts waiting a moment after the browser logs the answer; measured requests left
// 0.7 ms or more after the wait. Being "early" by less than this is clock noise.
const CLOCK_TOLERANCE_MS = 10

interface Sent {
  requestId: string
  what: string
  atMs: number
}

interface Wait {
  requestId: string
  what: string
  status: number
  atMs: number
  waitMs: number
}

export interface RetryAfterLog {
  /** How many 429 answers the page has received so far. */
  readonly rateLimited: number
  /** How many 5xx answers the page has received so far. */
  readonly serverErrors: number
  /** The longest time from sending a request to its answer's headers, in ms. */
  readonly slowestAnswerMs: number
  /** Requests sent while a Retry-After was still running, described for a failure message. */
  violations(): string[]
}

function header(headers: Record<string, string>, name: string): string | undefined {
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]
}

/** Starts recording the page's voice API traffic; call before the page's first navigation. */
export async function recordRetryAfter(page: Page): Promise<RetryAfterLog> {
  const session = await page.context().newCDPSession(page)
  const sent: Sent[] = []
  const waits: Wait[] = []
  const unreadable: string[] = []
  let serverErrors = 0
  let slowestAnswerMs = 0
  const apiPath = (url: string) => {
    const { pathname } = new URL(url)
    return pathname.startsWith(API_PATH) ? pathname : null
  }

  session.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => {
    const path = apiPath(request.url)
    if (path) sent.push({ requestId, what: `${request.method} ${path}`, atMs: timestamp * 1000 })
  })
  session.on('Network.responseReceived', ({ requestId, response, timestamp }) => {
    const path = apiPath(response.url)
    if (!path) return
    if (response.status >= 500) serverErrors++
    const request = sent.find((s) => s.requestId === requestId)
    if (request) slowestAnswerMs = Math.max(slowestAnswerMs, timestamp * 1000 - request.atMs)
    const retryAfter = header(response.headers, 'retry-after')
    if (retryAfter === undefined) return
    // The simulator sends delta-seconds; a value this check cannot read fails it rather than passing unseen.
    if (!/^\d+$/.test(retryAfter.trim())) {
      unreadable.push(`${path} answered ${response.status} with Retry-After "${retryAfter}"`)
      return
    }
    waits.push({
      requestId,
      what: path,
      status: response.status,
      atMs: timestamp * 1000,
      waitMs: Number(retryAfter) * 1000,
    })
  })
  await session.send('Network.enable')

  return {
    get rateLimited() {
      return waits.filter((wait) => wait.status === 429).length
    },
    get serverErrors() {
      return serverErrors
    },
    get slowestAnswerMs() {
      return slowestAnswerMs
    },
    violations() {
      const early = waits.flatMap((wait) =>
        sent
          .filter(
            (request) =>
              request.requestId !== wait.requestId &&
              request.atMs > wait.atMs &&
              request.atMs < wait.atMs + wait.waitMs - CLOCK_TOLERANCE_MS,
          )
          .map(
            (request) =>
              `${request.what} sent ${Math.round(request.atMs - wait.atMs)} ms after a ${wait.status} on ${wait.what} asked for ${wait.waitMs} ms`,
          ),
      )
      return [...unreadable, ...early]
    },
  }
}
