// Whether a response reached the client, read on the Node response @hono/node-server hands the app
// (`c.env.outgoing`): `finish` once its last byte went to the client's connection, `close` without it when the
// client went away first. app.request() (tests without a socket) has no Node response, and so no answer.
import { ServerResponse } from 'node:http'
import type { Context } from 'hono'

export type Delivery = 'finished' | 'aborted'

export function responseDelivery(c: Context): Promise<Delivery> | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing
  if (!(outgoing instanceof ServerResponse)) return undefined
  if (outgoing.writableFinished) return Promise.resolve('finished')
  if (outgoing.closed) return Promise.resolve('aborted')
  return new Promise((resolve) => {
    outgoing.once('finish', () => resolve('finished'))
    outgoing.once('close', () => resolve(outgoing.writableFinished ? 'finished' : 'aborted'))
  })
}
