// Person B: a call's status read through the console's voice proxy, one request after another (a page
// that polls a live call), each timed from send to the last byte.
import { API_PREFIX } from '../../src/api/contract/schemas'

export interface Poller {
  /** Starts timing into a new list; the one before is returned. */
  lap(): number[]
  stop(): Promise<number[]>
}

const PAUSE_MS = 10

export function startPolling(url: string, cookie: string, callId: string): Poller {
  let times: number[] = []
  let running = true
  const target = `${url}${API_PREFIX}/calls/${callId}/status`
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      const res = await fetch(target, { headers: { cookie }, signal: AbortSignal.timeout(30_000) })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`B's status read answered ${res.status}`)
      times.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS))
    }
  })()
  return {
    lap: () => {
      const done = times
      times = []
      return done
    },
    stop: async () => {
      running = false
      await loop
      return times
    },
  }
}
