import type { MiddlewareHandler } from 'hono'
import { ProblemError } from './problem'

export interface FaultOptions {
  latencyMs?: { min: number; max: number }
  errorRate: number
}

/** Injected before any handling, so a failed request writes nothing: safe for clients to retry. */
export function faults({ latencyMs, errorRate }: FaultOptions): MiddlewareHandler {
  return async (_c, next) => {
    if (latencyMs) {
      const delay = latencyMs.min + Math.random() * (latencyMs.max - latencyMs.min)
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
    if (errorRate > 0 && Math.random() < errorRate) {
      throw new ProblemError(
        503,
        'Service unavailable',
        'The service is temporarily unavailable (simulated fault). Nothing was changed; try again.',
        { type: 'service-unavailable', headers: { 'Retry-After': '1' } },
      )
    }
    await next()
  }
}
