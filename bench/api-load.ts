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
  /** The mean of autocannon's whole-millisecond latencies; at a fixed number of connections, connections / rps is the exact one. */
  meanMs: number
  p50: number
  p99: number
  /** Connection errors, timeouts and non-2xx answers: a fast error must not pass for speed. */
  errors: number
  /** Server CPU time per request served: steadier than req/s when the machine is busy. */
  cpuUsPerRequest: number
  /** The same for the server behind it, when the measured one is a proxy. */
  upstreamCpuUsPerRequest?: number
  rssMbAfter: number
}

/**
 * Warms up, then loads one endpoint of `server` and measures it and the server's CPU time
 * (and that of `upstream`, the server a proxy forwards to).
 */
export async function measure(
  name: string,
  server: Child,
  options: autocannon.Options,
  { connections, duration }: LoadSettings,
  upstream?: Child,
): Promise<Measured> {
  await autocannon({ ...options, connections, duration: 1 })
  const cpuBefore = server.cpuMs()
  const upstreamCpuBefore = upstream?.cpuMs() ?? 0
  const result = await autocannon({ ...options, connections, duration })
  const perRequest = (cpuMs: number) => (cpuMs * 1000) / Math.max(1, result.requests.total)
  const cpuUsPerRequest = perRequest(server.cpuMs() - cpuBefore)
  const errors = result.errors + result.timeouts + result.non2xx
  const measured = {
    name,
    rps: result.requests.average,
    meanMs: result.latency.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    cpuUsPerRequest,
    upstreamCpuUsPerRequest: upstream ? perRequest(upstream.cpuMs() - upstreamCpuBefore) : undefined,
    rssMbAfter: server.rssMb(),
  }
  const errorNote = errors ? `, ${errors} errors` : ''
  const upstreamNote = upstream ? ` (+ ${measured.upstreamCpuUsPerRequest?.toFixed(0)} upstream)` : ''
  console.error(
    `  ${name}: ${Math.round(measured.rps)} req/s, ${cpuUsPerRequest.toFixed(0)}${upstreamNote} µs CPU/req${errorNote}, RSS ${measured.rssMbAfter.toFixed(0)} MB`,
  )
  return measured
}

/**
 * One figure from two windows of the same length on the same endpoint (the two halves of a mirrored order, e.g.
 * A B B A): req/s and CPU per request over both (so the mean latency, connections ÷ req/s, is exact), errors
 * summed, and of the percentiles the worse window's, since two windows' percentiles cannot be merged.
 */
export function bothWindows(first: Measured, second: Measured): Measured {
  const rps = (first.rps + second.rps) / 2
  const perRequest = (one: number | undefined, two: number | undefined) =>
    one === undefined || two === undefined ? undefined : (one * first.rps + two * second.rps) / (2 * rps || 1)
  return {
    name: first.name,
    rps,
    meanMs: (first.meanMs * first.rps + second.meanMs * second.rps) / (2 * rps || 1),
    p50: Math.max(first.p50, second.p50),
    p99: Math.max(first.p99, second.p99),
    errors: first.errors + second.errors,
    cpuUsPerRequest: perRequest(first.cpuUsPerRequest, second.cpuUsPerRequest) ?? 0,
    upstreamCpuUsPerRequest: perRequest(first.upstreamCpuUsPerRequest, second.upstreamCpuUsPerRequest),
    rssMbAfter: second.rssMbAfter,
  }
}
