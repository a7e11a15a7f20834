// An upstream error answer as the browser gets it: always problem+json from the console, in words, and never a
// secret. The spec shows no error bodies, so the real service may answer an error in HTML (an outage page in front
// of it), plain text, JSON of its own shape or problem+json. Forwarded as written, markup would be served from the
// console's origin, the dashboard would have no problem to read, and a service that repeats the key in its error
// ("API key fk_live_… is not valid") would show it to every role: every text quoted here is redacted first.
//
// The rule for refusals is the plain one: a 401 is the key's trouble (no person's retry helps until an admin changes
// it); a 403 is the service refusing this request (a plan that does not allow a country) and goes out as a 403 with
// the service's sentence. A revoked key answered with 403 then reads as a refusal, in the service's own words.
import { UPSTREAM_KEY_REFUSED } from '../../../src/api/contract/console-schemas'
import { redactSecrets } from '../http/known-secrets'
import { problem } from '../http/problem'

/** What of the upstream's answer decides the browser's: its status line, two headers and its (decoded) bytes. */
export interface UpstreamError {
  status: number
  statusText: string | undefined
  contentType: string | undefined
  retryAfter: string | undefined
  body: Buffer
}

// Longer than any sentence a service writes for a person; a page of text is not read here.
const MAX_MESSAGE_CHARS = 300
// Deeper than any problem a service writes: its extra members are redacted, not explored without end.
const MAX_DEPTH = 8

/** The console's answer to an upstream error (status 400 and above), or null for any other answer. */
export function upstreamProblem(error: UpstreamError): Response | null {
  const { status } = error
  if (status < 400) return null
  const retryAfter: Record<string, string> =
    error.retryAfter === undefined ? {} : { 'Retry-After': redactSecrets(error.retryAfter) }
  if (status === 401) {
    const said = messageOf(error)
    return problem(
      502,
      "Voice service refused the console's key",
      `The voice service answered ${statusLine(error)}${said ? ` ("${said}")` : ''}: it does not accept the console's API key. An admin checks VOICE_API_KEY (or VOICE_API_KEY_FILE) on the server.`,
      {},
      { type: UPSTREAM_KEY_REFUSED },
    )
  }
  const own = isProblemJson(error.contentType) ? problemOf(error.body) : null
  if (own) return servicesProblem(status, own, retryAfter)
  const said = messageOf(error)
  return problem(
    status,
    status >= 500 ? 'Voice service failed' : 'Voice service refused the request',
    `The voice service answered ${statusLine(error)}${said ? `: "${said}"` : '.'}`,
    retryAfter,
  )
}

/** The service's own problem+json, re-written with every string redacted (its extra members kept). */
function servicesProblem(status: number, own: Record<string, unknown>, headers: Record<string, string>): Response {
  const body = JSON.stringify({ ...(redacted(own, 0) as Record<string, unknown>), status })
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', ...headers },
  })
}

function redacted(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactSecrets(value)
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_DEPTH) return null
  if (Array.isArray(value)) return value.map((item) => redacted(item, depth + 1))
  return Object.fromEntries(
    Object.entries(value).map(([name, member]) => [redactSecrets(name), redacted(member, depth + 1)]),
  )
}

/** `404 Not Found`, its reason phrase redacted. */
export function statusLine({ status, statusText }: UpstreamError): string {
  const reason = statusText ? oneLine(redactSecrets(statusText)) : ''
  return reason ? `${status} ${reason}` : String(status)
}

const isProblemJson = (type: string | undefined) => /^application\/problem\+json\s*(;|$)/i.test(type ?? '')
const isJson = (type: string | undefined) => /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type ?? '')
const isPlainText = (type: string | undefined) => /^text\/plain\s*(;|$)/i.test(type ?? '')

// As a browser's fetch reads JSON: UTF-8, a leading byte order mark dropped.
const utf8 = new TextDecoder()

function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(utf8.decode(body))
  } catch {
    return null
  }
}

function problemOf(body: Buffer): Record<string, unknown> | null {
  const parsed = jsonOf(body)
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
}

/** The service's own sentence, redacted: where JSON error bodies usually keep it, or a plain text's first; never markup. */
export function messageOf({ contentType, body }: UpstreamError): string | null {
  if (isPlainText(contentType)) return firstSentence(utf8.decode(body))
  if (!isJson(contentType)) return null
  const record = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {})
  const top = record(jsonOf(body))
  const candidates = [top.detail, top.message, top.title, top.error, record(top.error).message]
  const found = candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '')
  return found ? bounded(oneLine(redactSecrets(found))) : null
}

/** A plain text's first sentence, or null when it is markup (an HTML page sent as text/plain) or empty. */
function firstSentence(text: string): string | null {
  const line = oneLine(redactSecrets(text))
  if (line === '' || /<[a-z!/]/i.test(line)) return null
  const end = /[.!?](\s|$)/.exec(line)
  return bounded(end ? line.slice(0, end.index + 1) : line)
}

// Control characters and line breaks become spaces: the sentence is quoted on one line.
const oneLine = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed here
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

const bounded = (text: string) => (text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS - 1)}…` : text)
