// Where a recording request goes: /storage/* to the storage upstream (VOICE_STORAGE_UPSTREAM), and
// /storage-proxy?url=… to the link it carries, when that link's origin is one the console serves.
import {
  STORAGE_ORIGINS_SETTING,
  STORAGE_PROXY_PATH,
  STORAGE_PROXY_URL_PARAM,
} from '../../../src/api/contract/recording-links'
import { problem, problemBody } from '../http/problem'
import { splitPlayId } from './recording-play'
import { type StorageOrigins, storageOriginOf } from './storage-origins'

// Signed links run to a few hundred characters; a bound keeps a made-up one from growing the request.
const MAX_LINK_LENGTH = 4096
// A refusal names the origins served; a long list would bury the sentence that matters.
const NAMED_ORIGINS = 5

export type StorageTarget = { target: URL } | { refused: Response }

export async function storageTarget(
  request: URL,
  storageUpstream: string,
  origins: StorageOrigins,
): Promise<StorageTarget> {
  // The player's play id is the console's own mark: storage would refuse a signed link with it.
  const { upstreamSearch } = splitPlayId(request.search)
  if (request.pathname !== STORAGE_PROXY_PATH) {
    return { target: new URL(`${storageUpstream}${request.pathname}${upstreamSearch}`) }
  }
  const link = new URLSearchParams(upstreamSearch).get(STORAGE_PROXY_URL_PARAM) ?? ''
  const origin = link.length <= MAX_LINK_LENGTH ? storageOriginOf(link) : null
  if (!origin) {
    return {
      refused: problem(
        400,
        'Not a recording link',
        `${STORAGE_PROXY_PATH} serves a recording link of the voice service, given as ?${STORAGE_PROXY_URL_PARAM}= (an http or https address).`,
      ),
    }
  }
  const target = new URL(link)
  target.hash = ''
  if (!(await origins.allows(target))) return { refused: notServed(origin, origins) }
  return { target }
}

/** The call a served recording request is of, for the audit trail: as the service named it, else its file name. */
export function recordingOfRequest(request: URL, origins: StorageOrigins): Promise<string> {
  const { upstreamSearch } = splitPlayId(request.search)
  const link =
    request.pathname === STORAGE_PROXY_PATH ? new URLSearchParams(upstreamSearch).get(STORAGE_PROXY_URL_PARAM) : null
  return origins.callOf(link && storageOriginOf(link) ? new URL(link) : request)
}

function notServed(origin: string, origins: StorageOrigins): Response {
  const served = origins.served()
  const named = served.slice(0, NAMED_ORIGINS).join(', ') + (served.length > NAMED_ORIGINS ? ' and others' : '')
  const detail = origins.isApi(origin)
    ? `${origin} is the voice API; the console serves from it only the recording links the voice service gave. ` +
      'Open the call again to get a fresh link.'
    : `This recording is kept at ${origin}; the console serves recordings only from ${named || 'no other origin'}. ` +
      `Ask an admin to add it to ${STORAGE_ORIGINS_SETTING}.`
  const body = problemBody(403, 'Recording host not served', detail, { origin, setting: STORAGE_ORIGINS_SETTING })
  return new Response(body, {
    status: 403,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' },
  })
}
