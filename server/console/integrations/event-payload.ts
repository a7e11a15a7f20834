// An integration event's body (src/api/contract/integration-schemas.ts): the call's facts under the voice API's
// names, who placed it, its outcome and note, and a link to its page on this console. Pure.
import type { CallWork, IntegrationEventPayload } from '../../../src/api/contract/integration-schemas'
import type { IntegrationCallFacts } from '../store/integration-call-facts'

/** The call's page on this console: the dashboard's /calls/$callId route under the public URL. */
const callPageUrl = (consoleUrl: string, callId: string) =>
  new URL(`/calls/${encodeURIComponent(callId)}`, consoleUrl).toString()

export function callEventPayload(
  type: string,
  facts: IntegrationCallFacts,
  work: CallWork | null,
  consoleUrl: string,
  at: number,
): IntegrationEventPayload {
  return {
    type,
    timestamp: new Date(at).toISOString(),
    data: {
      call_id: facts.callId,
      caller_id: facts.callerId,
      destination: facts.destination,
      status: facts.status,
      duration_seconds: facts.durationSeconds,
      billed_minutes: facts.billedMinutes,
      placed_by: facts.placedBy,
      outcome: work?.outcome ?? null,
      note: work?.note ?? null,
      metadata: facts.metadata,
      call_url: callPageUrl(consoleUrl, facts.callId),
      console: new URL(consoleUrl).origin,
    },
  }
}

/** A test event: every field present, so a receiver can be written against it, and nothing of a real call. */
export function testEventPayload(type: string, consoleUrl: string, at: number): IntegrationEventPayload {
  return {
    type,
    timestamp: new Date(at).toISOString(),
    data: {
      call_id: null,
      caller_id: null,
      destination: null,
      status: null,
      duration_seconds: null,
      billed_minutes: null,
      placed_by: null,
      outcome: null,
      note: null,
      metadata: null,
      call_url: null,
      console: new URL(consoleUrl).origin,
    },
  }
}

/** The body as sent at an attempt: the outcome and note as they are now, when the call has any. */
export function withWork(payload: IntegrationEventPayload, work: CallWork | null): IntegrationEventPayload {
  if (!work) return payload
  return { ...payload, data: { ...payload.data, outcome: work.outcome, note: work.note } }
}
