// Seeds data through the console, as the spec's signed-in person would through the
// API (the request is the page's, with its session cookie). Retries with the same Idempotency-Key, so a 5xx from fault
// injection never places a call twice.
import { randomUUID } from 'node:crypto'
import type { APIRequestContext, APIResponse } from '@playwright/test'
import type {
  CallDetail,
  CreateCallResponse,
  ListCallerIdsResponse,
  ListCallsResponse,
} from '../../server/simulator/contract/schemas'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/api/contract/console-schemas'

const API = '/api/v1/voice'

async function withRetries(send: () => Promise<APIResponse>, attempts = 10): Promise<APIResponse> {
  let last: APIResponse | undefined
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      last = await send()
      if (last.status() < 500 && last.status() !== 429) return last
    } catch {
      // Network trouble: try again like the app would.
    }
    await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)))
  }
  if (last) return last
  throw new Error('The API could not be reached')
}

export async function firstCallerId(request: APIRequestContext): Promise<string> {
  const response = await withRetries(() => request.get(`${API}/caller-ids`))
  const body = (await response.json()) as ListCallerIdsResponse
  const first = body.caller_ids[0]
  if (!first) throw new Error('The simulator has no verified caller IDs')
  return first.phone_number
}

export async function placeCall(
  request: APIRequestContext,
  call: { destination: string; record?: boolean; metadata?: Record<string, string | number | boolean | null> },
): Promise<CreateCallResponse> {
  const callerId = await firstCallerId(request)
  const idempotencyKey = randomUUID()
  const response = await withRetries(() =>
    request.post(`${API}/calls`, {
      headers: { 'Idempotency-Key': idempotencyKey, [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: {
        caller_id: callerId,
        destination: call.destination,
        record: call.record ?? false,
        metadata: call.metadata ?? {},
      },
    }),
  )
  if (!response.ok()) throw new Error(`Placing a call failed: ${response.status()} ${await response.text()}`)
  return (await response.json()) as CreateCallResponse
}

/** The calls created since `since` whose metadata carries `run`: how a spec counts the calls it placed. */
export async function callsOfRun(request: APIRequestContext, since: string, run: string): Promise<CallDetail[]> {
  const list = await withRetries(() => request.get(`${API}/calls`, { params: { from_date: since, limit: 100 } }))
  const { calls } = (await list.json()) as ListCallsResponse
  const details = await Promise.all(
    calls.map(async (call) => (await withRetries(() => request.get(`${API}/calls/${call.call_id}`))).json()),
  )
  return (details as CallDetail[]).filter((call) => call.metadata.run === run)
}

/** Destinations the simulator treats specially. */
export const NUMBERS = { answers: '+15005550006', fails: '+15005550002' } as const

/**
 * Waits until the console's call index holds the call with `status`: the index learns of a status from
 * the live hub at once while someone watches the call, else from its sync's next pass (every 5 s).
 */
export async function indexedStatus(request: APIRequestContext, call: CreateCallResponse): Promise<string | null> {
  const params = { from_date: call.created_at, to_date: call.created_at.replace(/Z$/, '.999Z'), limit: 100 }
  const res = await request.get('/api/console/calls/search', { params })
  if (!res.ok()) return null
  const { calls } = (await res.json()) as { calls: { call_id: string; status: string }[] }
  return calls.find((indexed) => indexed.call_id === call.call_id)?.status ?? null
}
