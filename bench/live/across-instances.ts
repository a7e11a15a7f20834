// Across two console instances on one PostgreSQL: calls placed through instance A's create-call route (as a
// person places one), one after another, each timed from A's 201 to the call's first `call` event on a board
// stream held open on instance B. Run with the live tables read on a timer (CONSOLE_LIVE_NOTICES=off) and with
// PostgreSQL's notices, back to back, on the same machine.
import { Agent, request } from 'node:http'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/api/contract/console-schemas'
import type { LiveCallEntry } from '../../src/api/contract/live-schemas'
import { API_PREFIX } from '../../src/api/contract/schemas'
import type { ConsoleChild } from './console-child'
import { openViewer } from './sse-viewer'

/** Fails at once: each call is polled once or twice, so the calls before it never queue its first poll. */
const FAILS_AT_ONCE = '+15005550003'
// A call whose event has not come by then is counted missed.
const WAIT_MS = 10_000
// Placed first and not counted: the consoles' first calls open pool connections and run code not yet compiled.
const WARM_UP_CALLS = 3

export interface AcrossOptions {
  calls: number
  /** Between one call's event (or its giving up) and the next placement. */
  spacingMs: number
  callerId: string
}

export interface AcrossFigures {
  /** Per call: from A's 201 to the event on B's stream. */
  latencyMs: number[]
  missed: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Places a call through the console; resolves with its id and the moment its 201 was read. */
function placeThrough(app: ConsoleChild, agent: Agent, callerId: string, n: number) {
  const body = JSON.stringify({ caller_id: callerId, destination: FAILS_AT_ONCE })
  return new Promise<{ callId: string; answeredAt: number }>((resolve, reject) => {
    const req = request(
      `${app.url}${API_PREFIX}/calls`,
      {
        method: 'POST',
        agent,
        headers: {
          cookie: app.cookie,
          'content-type': 'application/json',
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          'idempotency-key': `bench-across-${process.pid}-${Date.now()}-${n}`,
        },
        timeout: WAIT_MS,
      },
      (res) => {
        const answeredAt = Date.now()
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => {
          if (res.statusCode !== 201) return reject(new Error(`placing a call answered ${res.statusCode}: ${text}`))
          resolve({ callId: (JSON.parse(text) as { call_id: string }).call_id, answeredAt })
        })
      },
    )
    req.on('timeout', () => req.destroy(new Error('placing a call timed out')))
    req.on('error', reject)
    req.end(body)
  })
}

export async function measureAcrossInstances(
  a: ConsoleChild,
  b: ConsoleChild,
  options: AcrossOptions,
): Promise<AcrossFigures> {
  const agent = new Agent({ keepAlive: true })
  const arrivals = new Map<string, number>()
  const waiting = new Map<string, () => void>()
  const viewer = await openViewer({
    url: b.url,
    cookie: b.cookie,
    agent,
    onEvent: (event) => {
      if (event.name !== 'call') return
      const id = (event.data as LiveCallEntry).call.call_id
      if (arrivals.has(id)) return
      arrivals.set(id, event.at)
      waiting.get(id)?.()
    },
  })
  const latencyMs: number[] = []
  let missed = 0
  try {
    for (let n = -WARM_UP_CALLS; n < options.calls; n += 1) {
      const { callId, answeredAt } = await placeThrough(a, agent, options.callerId, n)
      if (!arrivals.has(callId))
        await Promise.race([new Promise<void>((resolve) => waiting.set(callId, resolve)), sleep(WAIT_MS)])
      waiting.delete(callId)
      const at = arrivals.get(callId)
      const counted = n >= 0
      if (counted && at === undefined) missed += 1
      // The event may reach B before A's answer is read here: that is no wait at all.
      else if (counted && at !== undefined) latencyMs.push(Math.max(0, at - answeredAt))
      await sleep(options.spacingMs)
    }
    return { latencyMs, missed }
  } finally {
    viewer.close()
    agent.destroy()
  }
}
