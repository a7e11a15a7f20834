// A recorded placement to a number in a consent region (CONSOLE_RECORDING_CONSENT_REGIONS) goes to the voice service
// only with the agent's confirmation that the callee agreed to be recorded: the RECORDING_CONSENT_HEADER, which the
// page sends once its checkbox is ticked. Refused here, in the proxy, whatever sends it (New call, a call list, a
// script with a session): 403 problem+json in words, nothing forwarded, audited. A confirmed one is audited with who
// confirmed it, before the placement's own entry. The header is the console's: the proxy forwards only the spec's.
import type { Context } from 'hono'
import { RECORDING_CONSENT_CONFIRMED, RECORDING_CONSENT_HEADER } from '../../../src/api/contract/console-schemas'
import { RECORDING_CONSENT } from '../../../src/api/contract/recording-notice-schemas'
import type { AuditLog } from '../audit/audit-log'
import { isPlacement } from '../audit/placement-forwarded'
import { recordPlacementRefusal } from '../audit/placement-refusal'
import type { RefusalTally } from '../audit/refusal-tally'
import { actorOf, requestFacts } from '../audit/request-facts'
import type { SessionEnv } from '../auth/require-session'
import { sendProblem } from '../http/problem'
import type { Operation } from '../operations'
import { calleeCountry } from '../phone/callee-time-zones'
import type { RecordingSettings } from './consent-regions'

// The spec's numbers are 16 characters at most; a longer destination is the service's to refuse.
const MAX_NUMBER = 32

/** The number's country when a recorded call to it needs the agent's confirmation; null when it does not. */
export function consentCountry(settings: RecordingSettings, number: string): string | null {
  if (settings.consentRegions.size === 0) return null
  const country = calleeCountry(number)
  return country !== null && settings.consentRegions.has(country) ? country : null
}

/** A recorded placement's destination, read from a clone so the body still goes to the service whole. */
async function recordedDestinationOf(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { destination?: unknown; record?: unknown } | null
    if (body?.record !== true) return null
    const destination = body.destination
    return typeof destination === 'string' && destination.length <= MAX_NUMBER ? destination : null
  } catch {
    // Not JSON: the service answers that in its own words.
    return null
  }
}

export function recordingConsent(settings: RecordingSettings, audit: AuditLog, refusals: RefusalTally) {
  /** Null: the placement may go on; otherwise its refusal. */
  return async (c: Context<SessionEnv>, operation: Operation): Promise<Response | null> => {
    if (settings.consentRegions.size === 0 || !isPlacement(operation)) return null
    const destination = await recordedDestinationOf(c.req.raw)
    if (destination === null) return null
    const country = consentCountry(settings, destination)
    if (country === null) return null
    const confirmed = c.req.header(RECORDING_CONSENT_HEADER)?.trim().toLowerCase() === RECORDING_CONSENT_CONFIRMED
    if (confirmed) {
      await audit.record({
        actor: actorOf(c.get('session')),
        ...requestFacts(c),
        action: 'call.recording-consent-confirmed',
        target: destination,
        outcome: 200,
        detail: { idempotencyKey: c.req.header('idempotency-key') ?? null, country },
      })
      return null
    }
    const status = 403
    await recordPlacementRefusal(refusals, c, {
      action: 'call.recording-consent-refused',
      target: destination,
      status,
      detail: { country },
    })
    return sendProblem(
      c,
      status,
      'Confirm the callee agreed to be recorded',
      `Calls to ${country} numbers are recorded only once you confirm the callee agreed to be recorded. Ask them, tick "The callee agreed to be recorded", and place the call again; or place it without recording. Nothing was called.`,
      { type: RECORDING_CONSENT, country },
    )
  }
}
