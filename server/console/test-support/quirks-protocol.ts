// How the quirks upstream writes an answer on the wire: an error in each shape services use, a body compressed
// whatever the request accepted (as some services and proxies do), a redirect. Apart from quirks-upstream.ts,
// which decides what to answer; plain node:http here too.
import type { ServerResponse } from 'node:http'
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib'

/** The shapes an error body takes in the wild. */
export type ErrorShape =
  /** RFC 9457: the message in title and detail, and again in an extra member of its own. */
  | 'problem'
  /** `{ "message": … }` */
  | 'message'
  /** `{ "error": { "code": …, "message": … } }` */
  | 'error-message'
  /** The message as text/plain, with a second sentence after it. */
  | 'text'
  /** An HTML page that says it. */
  | 'html'

export const ERROR_SHAPES: ErrorShape[] = ['problem', 'message', 'error-message', 'text', 'html']

/**
 * What a body is sent as, whatever the request's Accept-Encoding: `deflate-raw` is raw deflate labelled `deflate`
 * (as old servers send it); `gzip-bomb` is a gzip of a few dozen KiB that holds a valid JSON answer padded to 64 MiB.
 */
export type Compression = 'gzip' | 'deflate' | 'deflate-raw' | 'br' | 'gzip-bomb'

// 64 MiB of JSON whitespace, compressed once, made only when a test asks for it.
const BOMB_PAD_BYTES = 64 * 1024 * 1024
let bombPad: Buffer | null = null

/** Per answer, set by the upstream before it writes. */
const compressionOf = new WeakMap<ServerResponse, Compression>()

export function compressAnswer(res: ServerResponse, compression: Compression | null): void {
  if (compression) compressionOf.set(res, compression)
}

/** Writes `body` with `type`, compressed if the answer should be. */
export function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  const compression = compressionOf.get(res)
  const [encoding, bytes] = compression ? compressed(compression, body) : [null, Buffer.from(body)]
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': String(bytes.byteLength),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    ...headers,
  })
  res.end(bytes)
}

function compressed(compression: Compression, body: string): [string, Buffer] {
  const bytes = Buffer.from(body)
  switch (compression) {
    case 'gzip':
      return ['gzip', gzipSync(bytes)]
    case 'deflate':
      return ['deflate', deflateSync(bytes)]
    case 'deflate-raw':
      return ['deflate', deflateRawSync(bytes)]
    case 'br':
      return ['br', brotliCompressSync(bytes)]
    case 'gzip-bomb':
      // Two gzip members are one gzip stream: the answer, then the padding.
      bombPad ??= gzipSync(Buffer.alloc(BOMB_PAD_BYTES, ' '))
      return ['gzip', Buffer.concat([gzipSync(bytes), bombPad])]
  }
}

/** An error answer of `status` saying `message`, in `shape`. */
export function sendError(res: ServerResponse, status: number, shape: ErrorShape, message: string): void {
  const [type, body] = errorBody(status, shape, message)
  send(res, status, type, body)
}

function errorBody(status: number, shape: ErrorShape, message: string): [string, string] {
  switch (shape) {
    case 'problem':
      return [
        'application/problem+json',
        JSON.stringify({
          type: 'https://quirks.example/problems/refused',
          title: message,
          status,
          detail: message,
          account: { note: message, said: [message] },
        }),
      ]
    case 'message':
      return ['application/json', JSON.stringify({ message })]
    case 'error-message':
      return ['application/json', JSON.stringify({ error: { code: 'refused', message } })]
    case 'text':
      return ['text/plain; charset=utf-8', `${message} See the account page.\n`]
    case 'html':
      return ['text/html', `<html><body><h1>Error ${status}</h1><p>${message}</p></body></html>`]
  }
}

/** Where a redirected read is sent. */
export type RedirectTarget =
  /** The same operation under /moved, within the API's origin (a path-absolute Location). */
  | 'same'
  /** The same operation on the storage origin: another origin, that must never see the key. */
  | 'other'
  /** Itself again, as an absolute URL, for good. */
  | 'loop'
