// A play of a recording is marked in the URLs the player fetches (RECORDING_PLAY_PARAM), so the console
// records "Recording played" once per play, when it starts, and any other fetch of the audio as a download.
import { consoleRecordingUrl, RECORDING_PLAY_PARAM } from '@/api/contract/recording-links'

/**
 * The URL this page fetches for a recording link of the service: the console's own, never the storage origin
 * (the page's CSP allows only its own origin); null for a link that is not a web address.
 */
export function playableUrl(link: string): string | null {
  return consoleRecordingUrl(link, globalThis.location?.origin ?? 'http://localhost')
}

/** The recording's URL marked as this play's, its signed query kept byte for byte. */
export function withPlayId(url: string, playId: string): string {
  const marked = new URL(url)
  const mark = `${RECORDING_PLAY_PARAM}=${playId}`
  marked.search = marked.search ? `${marked.search}&${mark}` : `?${mark}`
  return marked.href
}
