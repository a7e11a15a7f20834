// An upstream error answer as the browser gets it: always problem+json from the console, in words.
// The spec shows no error bodies, so the real service may answer an error in HTML (an outage page in front
// of it), plain text or JSON of its own shape. Forwarded as written, that markup would be served from the
// console's origin, and the dashboard would have no problem to read.
import { UPSTREAM_KEY_REFUSED } from '../../../src/api/contract/console-schemas'
import { problem } from '../http/problem'

/** What of the upstream's answer decides the browser's: its status line, two headers and its bytes. */
export interface UpstreamError {
  status: number
  statusText: string | undefined
  contentType: string | undefined
  retryAfter: string | undefined
  body: Buffer
}

// Longer than any sentence a service writes for a person; a page of text is not read here.
const MAX_MESSAGE_CHARS = 300

/**
 * The console's answer to an upstream error, or null to forward it as is (the service's own problem+json).
 * A 401 or 403 refuses the console's key, not the person: forwarded, it would read as a session that ended.
 */
export function upstreamProblem(error: UpstreamError): Response | null {
  const { status } = error
  if (status < 400) return null
  if (status === 401 || status === 403) {
    const said = messageOf(error)
    return problem(
      502,
      "Voice service refused the console's key",
      `The voice service answered ${statusLine(error)}${said ? ` ("${said}")` : ''}: it does not accept the console's API key. An admin checks VOICE_API_KEY (or VOICE_API_KEY_FILE) on the server.`,
      {},
      { type: UPSTREAM_KEY_REFUSED },
    )
  }
  if (/^application\/problem\+json\s*(;|$)/i.test(error.contentType ?? '')) return null
  const said = messageOf(error)
  return problem(
    status,
    status >= 500 ? 'Voice service failed' : 'Voice service refused the request',
    `The voice service answered ${statusLine(error)}${said ? `: "${said}"` : '.'}`,
    error.retryAfter === undefined ? {} : { 'Retry-After': error.retryAfter },
  )
}

function statusLine({ status, statusText }: UpstreamError): string {
  const reason = statusText?.trim()
  return reason ? `${status} ${reason}` : String(status)
}

/** The service's own sentence, when its JSON has one where error bodies usually keep it; never markup. */
function messageOf({ contentType, body }: UpstreamError): string | null {
  if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType ?? '')) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    return null
  }
  const record = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {})
  const top = record(parsed)
  const candidates = [top.detail, top.message, top.title, top.error, record(top.error).message]
  const found = candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '')
  if (!found) return null
  const text = found.trim().replace(/\s+/g, ' ')
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS - 1)}…` : text
}
