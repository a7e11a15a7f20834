// One POST of a webhook: signed, through the SSRF guard's lookup, never following a redirect, given 10 s
// in all, keeping only the first 200 characters of what the receiver answers.
import http from 'node:http'
import https from 'node:https'
import { checkUrlShape, guardedLookup } from './ssrf-guard'
import { webhookHeaders } from './webhook-signature'

const WEBHOOK_TIMEOUT_MS = 10_000
const EXCERPT_CHARS = 200
/** Enough of a body for its excerpt; the rest is not read. */
const READ_BYTES = 4_096

export type AttemptResult =
  | { answered: true; status: number; timeMs: number; excerpt: string; retryAfter: string | null }
  | { answered: false; timeMs: number; error: string }

export interface WebhookRequest {
  url: string
  secret: string
  messageId: string
  body: string
  now: number
  allowPrivate: boolean
  timeoutMs?: number
  /** Which of the console's senders, in the User-Agent: `alerts` unless said. */
  purpose?: 'alerts' | 'integrations'
}

const ERROR_WORDS: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'The receiver closed the connection',
  ENOTFOUND: 'The receiver’s name could not be resolved',
  EAI_AGAIN: 'The receiver’s name could not be resolved (DNS did not answer)',
  EHOSTUNREACH: 'The receiver’s host is unreachable',
  ENETUNREACH: 'The receiver’s network is unreachable',
}

export const clipExcerpt = (text: string) => text.slice(0, EXCERPT_CHARS)

function errorInWords(error: NodeJS.ErrnoException): string {
  if (error.code === 'EREFUSEDADDRESS') return `Refused: ${error.message}`
  if (error.code && ERROR_WORDS[error.code]) return ERROR_WORDS[error.code] as string
  if (error.code?.startsWith('ERR_TLS') || /certificate/i.test(error.message)) return `TLS failed: ${error.message}`
  return error.message || 'The request failed'
}

export function sendWebhook(request: WebhookRequest): Promise<AttemptResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const timeoutMs = request.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  // The address written in the URL: Node connects to a literal without calling the lookup.
  const shape = checkUrlShape(request.url, request.allowPrivate)
  if (!shape.ok) return Promise.resolve({ answered: false, timeMs: 0, error: `Refused: ${shape.message}` })
  const url = shape.url
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    let settled = false
    const finish = (result: AttemptResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      req.destroy()
      resolve(result)
    }
    const req = client.request(url, {
      method: 'POST',
      // A new connection each time: every attempt goes through the guarded lookup.
      agent: false,
      lookup: guardedLookup(request.allowPrivate),
      headers: {
        'content-type': 'application/json',
        'user-agent': `VoiceDashboard-Console (${request.purpose ?? 'alerts'})`,
        ...webhookHeaders(request.secret, request.messageId, request.now, request.body),
      },
    })
    const timer = setTimeout(
      () => finish({ answered: false, timeMs: elapsed(), error: `No answer within ${timeoutMs / 1000} s` }),
      timeoutMs,
    )
    req.on('error', (error) => finish({ answered: false, timeMs: elapsed(), error: errorInWords(error) }))
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      let size = 0
      const done = () => {
        const status = res.statusCode ?? 0
        const text = Buffer.concat(chunks).toString('utf8')
        const location = res.headers.location
        // Not followed: a redirect could lead anywhere, past the guard; the receiver should use its final URL.
        const excerpt =
          status >= 300 && status < 400
            ? `Redirect to ${location ?? 'nowhere'} not followed: give the channel the receiver’s final URL.`
            : text
        const retryAfter = res.headers['retry-after']
        finish({
          answered: true,
          status,
          timeMs: elapsed(),
          excerpt: clipExcerpt(excerpt),
          retryAfter: retryAfter ?? null,
        })
      }
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        size += chunk.length
        if (size >= READ_BYTES) done()
      })
      res.on('end', done)
      res.on('error', done)
    })
    req.end(request.body)
  })
}
