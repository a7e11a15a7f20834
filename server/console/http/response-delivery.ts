// What becomes of a streamed response, read on the Node response @hono/node-server hands the app (`c.env.outgoing`):
// `finish` once its last byte went to the client's connection, `close` without it when the client went away first.
// app.request() (tests without a socket) has no Node response, and so no answer.
import { ServerResponse } from 'node:http'
import type { Context } from 'hono'

export type Delivery = 'finished' | 'aborted'

/**
 * How long an export's client may take nothing before its response is ended: a paused download or a laptop gone to
 * sleep would otherwise hold its person's and its instance's export slots for as long as the connection lived.
 */
const STALLED_RESPONSE_MS = 60_000

/**
 * The fate of a response streamed for as long as its client takes it, which also ends it once its socket has been
 * idle `stalledMs`: nothing written went through (the client's buffers are full) and nothing came. One call does
 * both, so no stream can watch its delivery and forget its stall. A slow reader is never cut, since each write that
 * goes through starts the wait again; nor is the connection afterwards, as the listener is the response's. Ended
 * so, a stream's cancel runs, which gives its slots back and audits the export as aborted.
 */
export function streamDelivery(c: Context, stalledMs = STALLED_RESPONSE_MS): Promise<Delivery> | undefined {
  const outgoing = nodeResponse(c)
  if (!outgoing) return undefined
  outgoing.setTimeout(stalledMs, () => outgoing.destroy())
  if (outgoing.writableFinished) return Promise.resolve('finished')
  if (outgoing.closed) return Promise.resolve('aborted')
  return new Promise((resolve) => {
    outgoing.once('finish', () => resolve('finished'))
    outgoing.once('close', () => resolve(outgoing.writableFinished ? 'finished' : 'aborted'))
  })
}

function nodeResponse(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing
  return outgoing instanceof ServerResponse ? outgoing : undefined
}
