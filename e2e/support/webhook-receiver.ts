// A real webhook receiver for the alerts journey: a node:http server on 127.0.0.1 that keeps what it is
// sent and checks each request's Standard Webhooks signature with the reference library (standardwebhooks),
// with the secret the page showed once. It answers 200 to whatever arrives, verified or not.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import type { AlertWebhookPayload } from '../../src/api/contract/alert-schemas'

export interface ReceivedWebhook {
  id: string
  body: string
  headers: IncomingHttpHeaders
}

export interface WebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  /** The payloads whose signature verifies with `secret` (Webhook.verify throws on any other). */
  verified: (secret: string) => AlertWebhookPayload[]
  close: () => Promise<void>
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name]
  return Array.isArray(value) ? value.join(',') : (value ?? '')
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        id: header(request.headers, 'webhook-id'),
        body: Buffer.concat(chunks).toString('utf8'),
        headers: request.headers,
      })
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('received')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/voice`,
    received,
    verified: (secret) => {
      const webhook = new Webhook(secret)
      return received.flatMap(({ body, headers }) => {
        try {
          const signed = {
            'webhook-id': header(headers, 'webhook-id'),
            'webhook-timestamp': header(headers, 'webhook-timestamp'),
            'webhook-signature': header(headers, 'webhook-signature'),
          }
          return [webhook.verify(body, signed) as AlertWebhookPayload]
        } catch {
          return []
        }
      })
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
