import { synthesizeConversation } from '../domain/wav'

// A player asks for a recording in several Range requests, so the last few are worth keeping;
// bounded because a two-minute recording is 3.8 MB and the process's whole budget is 150 MB.
// The newest one is always kept, even a ten-minute (19 MB) one.
const MAX_BYTES = 16 * 1024 * 1024

/** Recordings are generated on request; the most recently used few are kept in memory. */
export function createRecordingCache(maxBytes = MAX_BYTES) {
  const entries = new Map<string, Buffer>()
  let bytes = 0
  return (callId: string, durationSeconds: number): Buffer => {
    const cached = entries.get(callId)
    if (cached) {
      entries.delete(callId)
      entries.set(callId, cached)
      return cached
    }
    const wav = synthesizeConversation(callId, durationSeconds)
    entries.set(callId, wav)
    bytes += wav.length
    for (const [key, value] of entries) {
      if (bytes <= maxBytes || entries.size <= 1) break
      entries.delete(key)
      bytes -= value.length
    }
    return wav
  }
}
