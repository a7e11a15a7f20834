import { API_PREFIX, type CallDetail, type CallListItem, type CallRecordings } from '../contract/schemas'
import type { CallListRow, CallRow, CallStateRow } from '../db/call-queries'
import { callStateAt } from '../domain/call-plan'
import { signedRecordingUrl } from '../domain/recording-url'
import { toTimestamp } from '../domain/time'
import { WAV_CHANNELS } from '../domain/wav'

// Row -> response shapes. Every status is computed from the stored plan and the clock.

export const planOf = (row: Omit<CallStateRow, 'call_id' | 'account_id'>) => ({
  createdAtMs: row.created_at_ms,
  ringingAtMs: row.ringing_at_ms,
  endedAtMs: row.ended_at_ms,
  outcome: row.outcome,
  durationSeconds: row.duration_seconds,
  billedMinutes: row.billed_minutes,
})

export const callLinks = (callId: string) => ({
  self: `${API_PREFIX}/calls/${callId}`,
  status: `${API_PREFIX}/calls/${callId}/status`,
  recordings: `${API_PREFIX}/calls/${callId}/recordings`,
})

export function listItemView(row: CallListRow, now: number): CallListItem {
  const state = callStateAt(planOf(row), now)
  return {
    call_id: row.call_id,
    status: state.status,
    caller_id: row.caller_id,
    destination: row.destination,
    duration_seconds: state.durationSeconds,
    created_at: toTimestamp(row.created_at_ms),
  }
}

/** A recording exists once a recorded call has completed with some conversation. */
export function hasRecording(row: CallRow, now: number): boolean {
  return row.record === 1 && row.outcome === 'DIALER_COMPLETED' && row.duration_seconds > 0 && now >= row.ended_at_ms
}

export interface UrlContext {
  storageUrl: string
  secret: string
  now: number
}

export function recordingsView(row: CallRow, { storageUrl, secret, now }: UrlContext): CallRecordings {
  const recordings = hasRecording(row, now)
    ? [
        {
          url: signedRecordingUrl(storageUrl, secret, row.call_id, now),
          format: 'wav',
          channels: WAV_CHANNELS,
          duration_seconds: row.duration_seconds,
        },
      ]
    : []
  return { call_id: row.call_id, recordings }
}

export function detailView(row: CallRow, urls: UrlContext): CallDetail {
  const state = callStateAt(planOf(row), urls.now)
  return {
    call_id: row.call_id,
    status: state.status,
    caller_id: row.caller_id,
    destination: row.destination,
    duration_seconds: state.durationSeconds,
    billed_minutes: state.billedMinutes,
    recording_url: recordingsView(row, urls).recordings[0]?.url ?? null,
    voicemail_drop: state.ended && row.voicemail_drop === 1,
    source: row.source,
    metadata: JSON.parse(row.metadata),
    created_at: toTimestamp(row.created_at_ms),
    updated_at: toTimestamp(state.updatedAtMs),
    links: callLinks(row.call_id),
  }
}
