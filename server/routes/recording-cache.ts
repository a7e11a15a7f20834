import { synthesizeConversation } from '../domain/wav'

/** Recordings are generated on request; the most recently used few are kept in memory. */
export function createRecordingCache(maxBytes = 64 * 1024 * 1024) {
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
