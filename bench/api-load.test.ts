import { describe, expect, it } from 'vitest'
import { bothWindows, type Measured } from './api-load'

const window = (figures: Partial<Measured>): Measured => ({
  name: 'status',
  rps: 1000,
  meanMs: 50,
  p50: 50,
  p99: 90,
  errors: 0,
  cpuUsPerRequest: 60,
  rssMbAfter: 90,
  ...figures,
})

describe('bothWindows', () => {
  it('keeps the mean latency exact: connections ÷ the req/s over both windows', () => {
    // 50 connections: 2,000 req/s is 25 ms a request, 1,000 req/s is 50 ms.
    const both = bothWindows(window({ rps: 2000, meanMs: 25 }), window({ rps: 1000, meanMs: 50 }))
    expect(both.rps).toBe(1500)
    expect(50_000 / both.rps).toBeCloseTo(both.meanMs, 9)
  })

  it('weighs CPU a request by the requests each window served, and keeps the worse percentiles and every error', () => {
    const both = bothWindows(
      window({ rps: 3000, cpuUsPerRequest: 40, upstreamCpuUsPerRequest: 30, p50: 10, p99: 80, errors: 1 }),
      window({
        rps: 1000,
        cpuUsPerRequest: 80,
        upstreamCpuUsPerRequest: 50,
        p50: 20,
        p99: 40,
        errors: 2,
        rssMbAfter: 95,
      }),
    )
    expect(both.cpuUsPerRequest).toBe(50)
    expect(both.upstreamCpuUsPerRequest).toBe(35)
    expect([both.p50, both.p99, both.errors, both.rssMbAfter]).toEqual([20, 80, 3, 95])
  })

  it('has no upstream CPU when a window had none (a server measured straight)', () => {
    expect(bothWindows(window({}), window({})).upstreamCpuUsPerRequest).toBeUndefined()
  })
})
