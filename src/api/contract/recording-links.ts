// Where the browser fetches a recording: always from the console. A link the service hands out on
// another origin goes through the console's storage proxy, which checks the origin and adds no key.
// Shared by the SPA (which builds these URLs) and the console server (which serves them).

/** The console's route for recordings kept on another origin: `/storage-proxy?url=<the service's link>`. */
export const STORAGE_PROXY_PATH = '/storage-proxy'
export const STORAGE_PROXY_URL_PARAM = 'url'

/** The setting that lists the origins the storage proxy serves; named in its refusals. */
export const STORAGE_ORIGINS_SETTING = 'CONSOLE_STORAGE_ORIGINS'

/**
 * The URL the browser fetches for a recording link of the service: the link itself when it is on the
 * console's own origin (its /storage/ route), else the storage proxy's URL carrying it; null for
 * anything that is not an http(s) address (a `javascript:` link from the service never becomes live).
 */
export function consoleRecordingUrl(link: string, consoleOrigin: string): string | null {
  let url: URL
  try {
    url = new URL(link, consoleOrigin)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.origin === consoleOrigin) return url.href
  // The link goes byte for byte (its signature included); the fragment never reaches a server anyway.
  url.hash = ''
  return `${consoleOrigin}${STORAGE_PROXY_PATH}?${STORAGE_PROXY_URL_PARAM}=${encodeURIComponent(url.href)}`
}

/**
 * The query parameter by which the recording player marks the fetches of one play (an id made when the player
 * first plays, once per page). The console audits the first fetch of each as "Recording played", any other fetch
 * of audio as "Recording downloaded", and never forwards it to storage, whose link is signed.
 */
export const RECORDING_PLAY_PARAM = 'console_play'

/**
 * The problem `type` of a recording the console no longer serves (410): older than its retention window
 * (CONSOLE_RETENTION_RECORDINGS_DAYS). Its `detail` is the sentence the player shows, in place of a Retry.
 */
export const RECORDING_PAST_RETENTION = 'urn:voice-console:recording-past-retention'
