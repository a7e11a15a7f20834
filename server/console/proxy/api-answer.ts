// One voice API answer as the console reads it, whatever sits in front of the service: a read that is redirected
// within the API's origin is followed (a few hops, under the one deadline), and a body compressed although the
// console asked for identity is decoded, within the same MAX_ANSWER_BYTES as the bytes sent. Every reader of the
// API (the proxy, its fast reads, the console's own reads in upstream-get.ts) goes through here.
import type { IncomingHttpHeaders } from 'node:http'
import { promisify } from 'node:util'
import * as zlib from 'node:zlib'
import {
  type AnswerHead,
  AnswerTooLarge,
  type ApiTarget,
  type Exchanged,
  exchange,
  HeadersTimeout,
  headerText,
  MAX_ANSWER_BYTES,
} from './api-exchange'

/** Why a redirect was not followed: to another origin, past MAX_REDIRECTS, with no Location, or of a write. */
export class RedirectRefused extends Error {
  constructor(
    readonly why: 'elsewhere' | 'too-many' | 'nowhere' | 'not-a-read',
    /** The origin it led to, for 'elsewhere'. */
    readonly origin: string | null = null,
  ) {
    super(`redirect refused: ${why}`)
  }
}

/** The body's Content-Encoding is one the console cannot decode, or its bytes are not what it says. */
export class AnswerUndecodable extends Error {
  constructor(readonly encoding: string) {
    super(`undecodable ${encoding} answer`)
  }
}

// A proxy or load balancer moves an API once, perhaps twice; more is a loop.
export const MAX_REDIRECTS = 3
const REDIRECTS = new Set([301, 302, 303, 307, 308])
const READS = new Set(['GET', 'HEAD'])

/**
 * `method pathAndSearch` on `target` and its whole answer, as exchange() reads it, with a read's same-origin
 * redirects followed and the body decoded. Rejects as exchange() does, and with RedirectRefused, AnswerTooLarge or
 * AnswerUndecodable.
 */
export async function readAnswer(
  target: ApiTarget,
  method: string,
  pathAndSearch: string,
  headers: string[],
  body: Buffer | undefined,
  timeoutMs: number,
  heard: (response: AnswerHead) => void,
  signal?: AbortSignal,
): Promise<Exchanged> {
  const deadline = performance.now() + timeoutMs
  let exchanged = await exchange(target, method, pathAndSearch, headers, body, timeoutMs, heard, signal)
  let at = new URL(`${target.origin}${target.pathPrefix}${pathAndSearch}`)
  for (let hop = 0; REDIRECTS.has(exchanged.response.statusCode); hop++) {
    if (!READS.has(method)) throw new RedirectRefused('not-a-read')
    const location = headerText(exchanged.response.headers.location)
    if (!location) throw new RedirectRefused('nowhere')
    const next = new URL(location, at)
    if (next.origin !== target.origin) throw new RedirectRefused('elsewhere', next.origin)
    if (hop === MAX_REDIRECTS) throw new RedirectRefused('too-many')
    const left = deadline - performance.now()
    if (left <= 0) throw new HeadersTimeout()
    at = next
    // The Location is the whole path: the base URL's prefix is not added again.
    const absolute: ApiTarget = { ...target, pathPrefix: '' }
    exchanged = await exchange(absolute, method, `${next.pathname}${next.search}`, headers, body, left, heard, signal)
  }
  return decoded(exchanged)
}

const gunzip = promisify(zlib.gunzip)
const inflate = promisify(zlib.inflate)
const inflateRaw = promisify(zlib.inflateRaw)
const brotli = promisify(zlib.brotliDecompress)
const LIMIT = { maxOutputLength: MAX_ANSWER_BYTES }

async function decode(coding: string, bytes: Buffer): Promise<Buffer> {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return gunzip(bytes, LIMIT)
    case 'deflate':
      // HTTP's deflate is zlib-wrapped, but servers have long sent it raw as well.
      return inflate(bytes, LIMIT).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ERR_BUFFER_TOO_LARGE') throw error
        return inflateRaw(bytes, LIMIT)
      })
    case 'br':
      return brotli(bytes, LIMIT)
    default:
      throw new AnswerUndecodable(coding)
  }
}

/** The answer with its body decoded, and without the Content-Encoding and Content-Length of the bytes sent. */
async function decoded(exchanged: Exchanged): Promise<Exchanged> {
  const { headers } = exchanged.response
  const header = headers['content-encoding']
  if (header === undefined) return exchanged
  const codings = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
  const { 'content-encoding': _encoding, 'content-length': _length, ...rest } = headers
  const response = { ...exchanged.response, headers: rest as IncomingHttpHeaders }
  if (codings.length === 0 || exchanged.body.byteLength === 0) return { response, body: exchanged.body }
  let body = exchanged.body
  // Listed in the order they were applied: undone from the last.
  for (const coding of codings.reverse()) {
    try {
      body = await decode(coding, body)
    } catch (error) {
      if (error instanceof AnswerUndecodable) throw error
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new AnswerTooLarge()
      throw new AnswerUndecodable(coding)
    }
  }
  return { response, body }
}
