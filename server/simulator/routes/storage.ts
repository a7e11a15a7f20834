import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import { parseByteRange } from '../domain/byte-range'
import { checkRecordingSignature } from '../domain/recording-url'
import { methodNotAllowed } from '../http/error-handler'
import { notFound, ProblemError } from '../http/problem'
import { hasRecording } from './call-views'
import { createRecordingCache } from './recording-cache'

/** A view of the cached recording (no copy); Buffer.alloc always gives a plain ArrayBuffer. */
const bytesOf = (wav: Buffer, start: number, end: number) =>
  new Uint8Array(wav.buffer as ArrayBuffer, wav.byteOffset + start, end - start)

const FILE = /^(call_[A-Za-z0-9]{1,64})\.wav$/

/** Signed recording downloads. The signature authorises, so no API key; any origin may play them. */
export function storageRoutes({ queries, now, secret }: AppDeps) {
  const recordings = createRecordingCache()
  return new Hono()
    .use(async (c, next) => {
      await next()
      c.res.headers.set('Access-Control-Allow-Origin', '*')
      c.res.headers.set('Access-Control-Expose-Headers', 'Accept-Ranges, Content-Length, Content-Range')
    })
    .options('/recordings/:file', (c) =>
      c.body(null, 204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Allow-Headers': 'Range' }),
    )
    .get('/recordings/:file', (c) => {
      const callId = FILE.exec(c.req.param('file'))?.[1]
      if (!callId) throw notFound('There is no recording at this address.')
      const time = now()
      const check = checkRecordingSignature(secret, callId, c.req.query('expires'), c.req.query('signature'), time)
      if (check !== 'valid') {
        const detail =
          check === 'expired'
            ? 'This recording link has expired. Open the call again to get a fresh link.'
            : 'This recording link is not valid. Open the call again to get a fresh link.'
        throw new ProblemError(403, 'Forbidden', detail, { type: 'recording-link-invalid' })
      }
      const call = queries.calls.findAnyAccount(callId)
      if (!call || !hasRecording(call, time)) throw notFound('This call has no recording.')
      const wav = recordings(callId, call.duration_seconds)
      const headers = {
        'Content-Type': 'audio/wav',
        'Accept-Ranges': 'bytes',
        'Cache-Control': 'private, max-age=3600',
      }
      const range = parseByteRange(c.req.header('range'), wav.length)
      if (range.kind === 'unsatisfiable') {
        throw new ProblemError(416, 'Range not satisfiable', `The recording is ${wav.length} bytes long.`, {
          type: 'range-not-satisfiable',
          headers: { 'Accept-Ranges': 'bytes', 'Content-Range': `bytes */${wav.length}` },
        })
      }
      if (range.kind === 'partial') {
        return c.body(bytesOf(wav, range.start, range.end + 1), 206, {
          ...headers,
          'Content-Range': `bytes ${range.start}-${range.end}/${wav.length}`,
        })
      }
      return c.body(bytesOf(wav, 0, wav.length), 200, headers)
    })
    .all('/recordings/:file', methodNotAllowed(['GET', 'HEAD']))
}
