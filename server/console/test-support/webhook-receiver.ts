// A real webhook receiver on loopback (node:http): records every request, answers as the test says.
// Also the demo's receiver (`npm run start -- --alert-sinks`).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

interface ReceivedWebhook {
  at: number
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/** Answers one request; the default answers 204. */
export type Answer = (request: ReceivedWebhook, res: ServerResponse) => void

export async function startWebhookReceiver(answer: Answer = (_, res) => res.writeHead(204).end(), port = 0) {
  const received: ReceivedWebhook[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = {
        at: Date.now(),
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      received.push(request)
      answer(request, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
