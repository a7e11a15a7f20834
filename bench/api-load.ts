import autocannon from 'autocannon'
import type { Child } from './child'

export interface LoadSettings {
  connections: number
  /** Seconds of measured load, after a one-second warm-up. */
  duration: number
}

export interface Measured {
  name: string
  rps: number
  p50: number
  p99: number
  /** Connection errors, timeouts and non-2xx answers: a fast error must not pass for speed. */
  errors: number
  /** Server CPU time per request served: steadier than req/s when the machine is busy. */
  cpuUsPerRequest: number
  rssMbAfter: number
}

/** Warms up, then loads one endpoint of `server` and measures it and the server's CPU time. */
export async function measure(
  name: string,
  server: Child,
  options: autocannon.Options,
  { connections, duration }: LoadSettings,
): Promise<Measured> {
  await autocannon({ ...options, connections, duration: 1 })
  const cpuBefore = server.cpuMs()
  const result = await autocannon({ ...options, connections, duration })
  const cpuUsPerRequest = ((server.cpuMs() - cpuBefore) * 1000) / Math.max(1, result.requests.total)
  const errors = result.errors + result.timeouts + result.non2xx
  const measured = {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    cpuUsPerRequest,
    rssMbAfter: server.rssMb(),
  }
  const errorNote = errors ? `, ${errors} errors` : ''
  console.error(
    `  ${name}: ${Math.round(measured.rps)} req/s, ${cpuUsPerRequest.toFixed(0)} µs CPU/req${errorNote}, RSS ${measured.rssMbAfter.toFixed(0)} MB`,
  )
  return measured
}
