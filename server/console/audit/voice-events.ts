// The voice operations the audit trail records, read from the upstream's answer as it passes:
// each call placed (and who placed it), each verification started, each play and download of a recording.
import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import type { SessionEnv } from '../auth/require-session'
import type { Operation } from '../operations'
import { splitPlayId } from '../proxy/recording-play'
import type { ConsoleStore } from '../store'
import type { AuditLog } from './audit-log'
import { isPlacement } from './placement-forwarded'
import { actorOf, requestFacts } from './request-facts'

// Per person, recording and play id: the Range requests of a seek, a pause and resume, the waveform's own
// fetch are one play, whichever console instance serves each. Claimed in the store for a day (a play id is made
// once per page); a play forgotten after that is recorded again on its next fetch, never lost.
const PLAY_REMEMBERED_MS = 24 * 60 * 60_000

async function jsonField(response: Response, field: string): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as Record<string, unknown>
    return typeof body[field] === 'string' ? (body[field] as string) : null
  } catch {
    return null
  }
}

/** The console's own /storage/recordings/{call_id}.wav: the call is the file's name. */
const recordingOfPath = (url: URL) => (url.pathname.split('/').pop() ?? '').replace(/\.wav$/, '')

export function createVoiceAudit(
  audit: AuditLog,
  store: ConsoleStore,
  now: () => number,
  /** The call a recording request is of (through the storage proxy, the link's call as the service named it). */
  recordingOf: (url: URL) => string | Promise<string> = recordingOfPath,
) {
  return async function recordVoiceEvent(
    c: Context<SessionEnv>,
    operation: Operation,
    response: Response,
    /** A placement's first entry (placement-forwarded.ts), which its answer's entry names. */
    forwardedEntry: number | null = null,
  ): Promise<void> {
    const session = c.get('session')
    const base = { actor: actorOf(session), outcome: response.status, ...requestFacts(c) }

    if (isPlacement(operation)) {
      const idempotencyKey = c.req.header('idempotency-key') ?? null
      const callId = response.ok ? await jsonField(response, 'call_id') : null
      if (!callId) {
        await audit.record({
          ...base,
          action: 'call.refused',
          target: null,
          detail: { idempotencyKey, forwardedEntry },
        })
        return
      }
      // The same call_id again is the upstream's stored answer to a repeated key, not a second call. A call whose first
      // answer never reached the console (killed after forwarding) gets its owner from the retry's: the same person's
      // form sends the same key again, and the service answers with that call.
      const first = await store.callOwners.record(callId, session.userId, now())
      await audit.record({
        ...base,
        action: first ? 'call.placed' : 'call.replayed',
        target: callId,
        detail: { idempotencyKey, forwardedEntry },
      })
    } else if (operation.method === 'POST' && operation.route.endsWith('/caller-ids')) {
      const phone = response.ok ? await jsonField(response, 'phone_number') : null
      const callerIdId = response.ok ? await jsonField(response, 'caller_id_id') : null
      await audit.record({ ...base, action: 'caller-id.verification-started', target: phone, detail: { callerIdId } })
    } else if (operation.storage && c.req.method === 'GET' && (response.status === 200 || response.status === 206)) {
      // Audio was sent. The player marks a play's fetches with its play id (made at the first Play, once per page);
      // a fetch without one is a download (the Download link, or anyone's own client): never unaudited.
      const url = new URL(c.req.url)
      const recording = await recordingOf(url)
      const { playId } = splitPlayId(url.search)
      if (playId === null) {
        await audit.record({ ...base, action: 'recording.downloaded', target: recording })
        return
      }
      const first = await store.personClaims.claim(
        `played:${session.userId}:${recording}:${playId}`,
        randomUUID(),
        now(),
        PLAY_REMEMBERED_MS,
      )
      if (!first) return
      await audit.record({ ...base, action: 'recording.played', target: recording, detail: { playId } })
    }
  }
}

export type VoiceAudit = ReturnType<typeof createVoiceAudit>
