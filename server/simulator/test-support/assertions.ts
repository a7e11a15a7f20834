// Shared checks for every response: the problem+json shape of errors and the
// formats the spec fixes (timestamps, phone numbers, links).
import { expect } from 'vitest'
import { API_PREFIX, problemDetails } from '../contract/schemas'
import type { ApiResponse } from './api'

/** ISO 8601 in UTC with a Z suffix, as the spec's <timestamp>. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/
export const E164 = /^\+[1-9]\d{6,14}$/

export function expectTimestamp(value: unknown): void {
  expect(value).toMatch(ISO_UTC)
  expect(Number.isNaN(Date.parse(value as string))).toBe(false)
}

/** Signs of a leaked stack trace or internal error text. */
const LEAK = /\n\s+at\s|node_modules|\.ts:\d+|SqliteError|TypeError|ReferenceError|SyntaxError: Unexpected/

/** An RFC 9457 problem with the given status, a readable detail and no stack trace. */
export function expectProblem(res: ApiResponse, status: number) {
  expect(res.status, `expected ${status}, got ${res.status}: ${res.text.slice(0, 300)}`).toBe(status)
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/problem\+json/)
  const problem = problemDetails.parse(res.body)
  expect(problem.status).toBe(status)
  expect(typeof (res.body as { type?: unknown }).type).toBe('string')
  expect(problem.title.length).toBeGreaterThan(0)
  expect(problem.detail?.length ?? 0).toBeGreaterThan(0)
  expect(res.text).not.toMatch(LEAK)
  return problem
}

/** A 400 whose errors[] names the given field (or a part of it, such as metadata.key). */
export function expectFieldError(res: ApiResponse, field: string) {
  const problem = expectProblem(res, 400)
  const fields = (problem.errors ?? []).map((e) => e.field)
  const named = fields.some((f) => f === field || f.startsWith(`${field}.`) || f.startsWith(`${field}[`))
  expect(named, `errors[] should name ${field}: ${res.text}`).toBe(true)
  for (const e of problem.errors ?? []) expect(e.message.length).toBeGreaterThan(0)
  return problem
}

export function expectCallLinks(links: { self: string; status: string; recordings: string }, callId: string): void {
  expect(links).toEqual({
    self: `${API_PREFIX}/calls/${callId}`,
    status: `${API_PREFIX}/calls/${callId}/status`,
    recordings: `${API_PREFIX}/calls/${callId}/recordings`,
  })
}
