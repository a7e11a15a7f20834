// Helpers around the call lifecycle: place a call, then follow its status either
// by polling at a high speed or by moving a fake clock step by step.
import { expect } from 'vitest'
import {
  type CallStatusResponse,
  type CreateCallRequest,
  type CreateCallResponse,
  callStatusResponse,
  createCallResponse,
  FINISHED_CALL_STATUSES,
  listCallerIdsResponse,
} from '../contract/schemas'
import type { ApiClient } from './api'
import type { FakeClock } from './simulator'

/** The test numbers of the README, like a payment provider's test cards. */
export const TEST_NUMBERS = {
  completes: '+15005550006',
  noAnswer: '+15005550002',
  failsAtOnce: '+15005550003',
  voicemail: '+15005550004',
  neverVerifies: '+15005550009',
} as const

const STATUS_ORDER = ['DIALER_INITIATED', 'DIALER_RINGING', 'DIALER_COMPLETED', 'DIALER_FAILED'] as const

/** The first verified caller ID of the account behind the client. */
export async function verifiedCallerId(client: ApiClient): Promise<string> {
  const res = await client.get('/caller-ids')
  expect(res.status).toBe(200)
  const first = listCallerIdsResponse.parse(res.body).caller_ids.find((c) => c.verification_status === 'VERIFIED')
  if (!first) throw new Error('the account has no verified caller ID')
  return first.phone_number
}

export async function createCall(
  client: ApiClient,
  body: Partial<CreateCallRequest> & { destination: string },
  headers: Record<string, string> = {},
): Promise<CreateCallResponse> {
  const callerId = body.caller_id ?? (await verifiedCallerId(client))
  const res = await client.post('/calls', { ...body, caller_id: callerId }, { headers })
  expect(res.status, res.text).toBe(201)
  return createCallResponse.parse(res.body)
}

export async function getStatus(client: ApiClient, callId: string): Promise<CallStatusResponse> {
  const res = await client.get(`/calls/${callId}/status`)
  expect(res.status, res.text).toBe(200)
  return callStatusResponse.parse(res.body)
}

export const isFinished = (status: string) => FINISHED_CALL_STATUSES.includes(status)

/** Polls /status on the real clock until the call ends; returns every distinct status seen, in order. */
export async function pollUntilFinished(
  client: ApiClient,
  callId: string,
  { timeoutMs = 15_000, intervalMs = 5 } = {},
): Promise<{ seen: string[]; last: CallStatusResponse }> {
  const seen: string[] = []
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const last = await getStatus(client, callId)
    if (seen.at(-1) !== last.status) seen.push(last.status)
    if (isFinished(last.status)) return { seen, last }
    if (Date.now() > deadline) throw new Error(`call ${callId} still ${last.status} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

/** Moves the fake clock in steps until the call ends; returns every distinct status seen and the time it ended. */
export async function stepUntilFinished(
  client: ApiClient,
  clock: FakeClock,
  callId: string,
  { stepMs = 1000, maxMs = 60 * 60 * 1000 } = {},
): Promise<{ seen: string[]; last: CallStatusResponse; observedAt: number }> {
  const seen: string[] = []
  const until = clock.now() + maxMs
  for (;;) {
    const last = await getStatus(client, callId)
    if (seen.at(-1) !== last.status) seen.push(last.status)
    if (isFinished(last.status)) return { seen, last, observedAt: clock.now() }
    if (clock.now() > until) throw new Error(`call ${callId} still ${last.status} after ${maxMs} ms of fake time`)
    clock.advance(stepMs)
  }
}

/** Statuses only ever move forward: each seen status comes later in the lifecycle than the one before. */
export function expectForwardOrder(seen: string[]): void {
  const ranks = seen.map((s) => STATUS_ORDER.indexOf(s as (typeof STATUS_ORDER)[number]))
  expect(
    ranks.every((r) => r >= 0),
    `unknown status in ${seen.join(' -> ')}`,
  ).toBe(true)
  for (let i = 1; i < ranks.length; i++) expect(ranks[i], seen.join(' -> ')).toBeGreaterThan(ranks[i - 1] ?? -1)
  expect(seen.filter(isFinished).length).toBeLessThanOrEqual(1)
}
