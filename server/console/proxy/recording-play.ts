// The play id the recording player adds to its fetches (RECORDING_PLAY_PARAM): read for the
// audit trail, and taken off before the signed link goes on to storage.
import { RECORDING_PLAY_PARAM } from '../../../src/api/contract/recording-links'

// The player's ids are 32 hex digits; anything else is no play id, so its fetch is audited as a download.
const PLAY_ID = /^[A-Za-z0-9_-]{8,64}$/

/** The play id in a query string (`?a=1&console_play=…`), and the query string without it, byte for byte otherwise. */
export function splitPlayId(search: string): { playId: string | null; upstreamSearch: string } {
  const parts = search.replace(/^\?/, '').split('&')
  const ours = (part: string) => part === RECORDING_PLAY_PARAM || part.startsWith(`${RECORDING_PLAY_PARAM}=`)
  const value = parts.find(ours)?.slice(RECORDING_PLAY_PARAM.length + 1) ?? ''
  // Removed as text, not through URLSearchParams, which would re-encode the signature's parameters.
  const kept = parts.filter((part) => part !== '' && !ours(part))
  return {
    playId: PLAY_ID.test(value) ? value : null,
    upstreamSearch: kept.length > 0 ? `?${kept.join('&')}` : '',
  }
}
